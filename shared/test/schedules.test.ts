import { describe, expect, it } from 'vitest';
import { mayEditSchedule, mayManageSchedule, type Viewer } from '../src/policy';
import { createScheduleSchema, MAX_SCHEDULE_AHEAD_DAYS, SCHEDULE_MSG } from '../src/schemas/schedules';
import { MSG } from '../src/schemas/common';

const author: Viewer = { userId: 'u1', companyId: 'c1', profile: 'user', super: false, queueIds: [] };
const colleague: Viewer = { ...author, userId: 'u2' };
const admin: Viewer = { ...author, userId: 'a1', profile: 'admin' };

describe('schedule policy (shared/src/policy/schedules.ts)', () => {
  const pending = { userId: 'u1', sentAt: null };
  const sent = { userId: 'u1', sentAt: '2030-01-01T10:00:00.000Z' };

  it('lets the author and admins manage a schedule, not a colleague', () => {
    expect(mayManageSchedule(author, pending)).toBe(true);
    expect(mayManageSchedule(admin, pending)).toBe(true);
    expect(mayManageSchedule(colleague, pending)).toBe(false);
  });

  it('refuses edits once sent, even to admins', () => {
    expect(mayEditSchedule(author, sent)).toBe(false);
    expect(mayEditSchedule(admin, sent)).toBe(false);
    expect(mayEditSchedule(author, pending)).toBe(true);
  });
});

describe('createScheduleSchema (spec part 1 §5 "Schedule")', () => {
  const valid = { body: 'Lembrete da consulta', contactId: 'ct1', sendAt: new Date(Date.now() + 3_600_000).toISOString() };
  const issueOf = (input: unknown) => {
    const parsed = createScheduleSchema.safeParse(input);
    return parsed.success ? undefined : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('accepts a body of 5 characters or more, a contact and a time', () => {
    expect(issueOf(valid)).toBeUndefined();
    expect(issueOf({ ...valid, body: '12345' })).toBeUndefined();
  });

  it("answers message keys: 'Mensagem muito curta', required contact, invalid time", () => {
    expect(issueOf({ ...valid, body: ' 1234 ' })).toEqual([['body', SCHEDULE_MSG.bodyTooShort]]);
    // Empty: 'Obrigatório' comes first (forms show a field's first issue).
    expect(issueOf({ ...valid, body: '' })?.[0]).toEqual(['body', MSG.required]);
    expect(issueOf({ ...valid, contactId: undefined })).toEqual([['contactId', MSG.required]]);
    expect(issueOf({ ...valid, sendAt: 'amanhã' })).toEqual([['sendAt', SCHEDULE_MSG.sendAtInvalid]]);
    const tooFar = new Date(Date.now() + (MAX_SCHEDULE_AHEAD_DAYS + 1) * 86_400_000).toISOString();
    expect(issueOf({ ...valid, sendAt: tooFar })).toEqual([['sendAt', SCHEDULE_MSG.sendAtInvalid]]);
  });
});
