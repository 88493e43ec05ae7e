import { describe, expect, it } from 'vitest';
import { applyMask, CNPJ_MASK, formatTaxId, PHONE_MASK, TAX_ID_MASK, ZIP_MASK } from '@/lib/masks';

describe('input masks (issue 30 item 9)', () => {
  it('formats whatever the input holds, keeping only accepted characters, up to the last slot', () => {
    expect(applyMask(CNPJ_MASK, '11222333000181').value).toBe('11.222.333/0001-81');
    expect(applyMask(CNPJ_MASK, '11.222.333/0001-81').value).toBe('11.222.333/0001-81');
    expect(applyMask(CNPJ_MASK, '11.222.333/0001-8199').value).toBe('11.222.333/0001-81');
    expect(applyMask(PHONE_MASK, '(11) 99999-8888').value).toBe('11 99999-8888');
    expect(applyMask(PHONE_MASK, '11a9').value).toBe('11 9');
    expect(applyMask(ZIP_MASK, '01310100').value).toBe('01310-100');
  });

  it('writes no mask character after the last one typed', () => {
    expect(applyMask(CNPJ_MASK, '11').value).toBe('11');
    expect(applyMask(CNPJ_MASK, '11.').value).toBe('11');
    expect(applyMask(PHONE_MASK, '11 99999').value).toBe('11 99999');
  });

  it('takes alphanumeric CNPJs in upper case, and grows from CPF to CNPJ', () => {
    expect(applyMask(CNPJ_MASK, '12abc34501de35').value).toBe('12.ABC.345/01DE-35');
    expect(applyMask(TAX_ID_MASK, '52998224725').value).toBe('529.982.247-25');
    expect(applyMask(TAX_ID_MASK, '529.982.247-251').value).toBe('52.998.224/7251');
    expect(formatTaxId('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatTaxId('')).toBe('');
  });

  it('keeps the caret after the character it followed', () => {
    // '3' typed after '11.2' → after the '3' in '11.23'.
    expect(applyMask(CNPJ_MASK, '11.23', 5)).toEqual({ value: '11.23', caret: 5 });
    // '2' typed at the end of '11' → '11.2', the caret after the '2' (past the mask's dot).
    expect(applyMask(CNPJ_MASK, '112', 3)).toEqual({ value: '11.2', caret: 4 });
    // '5' typed in the middle: the rest moves right, the caret stays after the '5'.
    expect(applyMask(CNPJ_MASK, '115.222', 3)).toEqual({ value: '11.522.2', caret: 4 });
    // A backspace that removed the dot leaves the caret before it, so the next one deletes the '1'.
    expect(applyMask(CNPJ_MASK, '112', 2)).toEqual({ value: '11.2', caret: 2 });
    expect(applyMask(CNPJ_MASK, '', 0)).toEqual({ value: '', caret: 0 });
  });
});
