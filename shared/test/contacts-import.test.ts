/** Contacts page rules (issue 27): the number normaliser, the import row check, the page's permissions. */
import { describe, expect, it } from 'vitest';
import { checkImportRow, mayDeleteContacts, mayImportExportContacts, normaliseContactNumber, type Viewer } from '../src';

const viewer = (profile: Viewer['profile'], isSuper = false): Viewer => ({
  userId: 'u',
  companyId: 'c',
  profile,
  super: isSuper,
});

describe('normaliseContactNumber', () => {
  it('reads numbers without + as Brazilian (with or without 55), then as country code + number', () => {
    expect(normaliseContactNumber('(11) 98765-4321')).toBe('+5511987654321');
    expect(normaliseContactNumber('5511987654321')).toBe('+5511987654321');
    expect(normaliseContactNumber('55 11 3333-4444')).toBe('+551133334444');
    expect(normaliseContactNumber('351912345678')).toBe('+351912345678');
    expect(normaliseContactNumber('+1 415 555 2671')).toBe('+14155552671');
  });

  it('refuses what is not a phone number', () => {
    for (const bad of ['', '12345', 'abc98765432', '+55 11', '0000000000000000', '1234567'])
      expect(normaliseContactNumber(bad), bad).toBeUndefined();
  });
});

describe('checkImportRow', () => {
  it('keeps the digits of the E.164 number, a trimmed name and a lower-cased e-mail', () => {
    expect(checkImportRow({ name: ' Ana ', number: 11987654321, email: 'ANA@X.COM' })).toEqual({
      ok: true,
      name: 'Ana',
      number: '5511987654321',
      email: 'ana@x.com',
    });
  });

  it('says why a row is refused', () => {
    const n = '11987654321';
    expect(checkImportRow({ name: '', number: n, email: '' })).toEqual({ ok: false, reason: 'missingName' });
    expect(checkImportRow({ name: 'A', number: n, email: '' })).toEqual({ ok: false, reason: 'invalidName' });
    expect(checkImportRow({ name: 'x'.repeat(51), number: n, email: '' })).toEqual({ ok: false, reason: 'invalidName' });
    expect(checkImportRow({ name: 'Ana', number: '  ', email: '' })).toEqual({ ok: false, reason: 'missingNumber' });
    expect(checkImportRow({ name: 'Ana', number: '123', email: '' })).toEqual({ ok: false, reason: 'invalidNumber' });
    expect(checkImportRow({ name: 'Ana', number: n, email: 'x@' })).toEqual({ ok: false, reason: 'invalidEmail' });
  });
});

describe('contacts page permissions (spec part 3 §6)', () => {
  it('admins, super users and supervisors import, export and delete; users do not', () => {
    for (const v of [viewer('admin'), viewer('supervisor'), viewer('user', true)]) {
      expect(mayImportExportContacts(v)).toBe(true);
      expect(mayDeleteContacts(v)).toBe(true);
    }
    expect(mayImportExportContacts(viewer('user'))).toBe(false);
    expect(mayDeleteContacts(viewer('user'))).toBe(false);
  });
});
