import { describe, expect, it } from 'vitest';
import { contactsWorkbook, readSpreadsheet, rowsOf, SpreadsheetError } from '@/lib/spreadsheet';

describe('contacts spreadsheets (issue 27)', () => {
  it('finds the columns by their header in any of the three languages, accents and case aside', () => {
    expect(
      rowsOf([
        ['E-mail', 'NÚMERO', 'Nome'],
        ['ana@x.com', 5511987654321, 'Ana'],
        ['', '', ''],
        ['', '11988887777', 'Bia'],
      ]),
    ).toEqual([
      { line: 2, name: 'Ana', number: 5511987654321, email: 'ana@x.com' },
      { line: 4, name: 'Bia', number: '11988887777', email: '' },
    ]);
    expect(
      rowsOf([
        ['Nombre', 'Teléfono'],
        ['Luz', '+34 612 345 678'],
      ]),
    ).toEqual([{ line: 2, name: 'Luz', number: '+34 612 345 678', email: '' }]);
    expect(() => rowsOf([['Nome', 'Numero']])).toThrow(SpreadsheetError);
  });

  it('reads a file without a header as name, number, email; refuses one naming only one of them', () => {
    expect(rowsOf([['Ana', '11987654321']])).toEqual([{ line: 1, name: 'Ana', number: '11987654321', email: '' }]);
    expect(() =>
      rowsOf([
        ['Nome', 'Cidade'],
        ['Ana', 'SP'],
      ]),
    ).toThrow(SpreadsheetError);
    expect(() => rowsOf([])).toThrow(SpreadsheetError);
  });

  it('writes contacts.xlsx that reads back (ExcelJS), and reads a Windows-1252 CSV', async () => {
    const blob = await contactsWorkbook([
      { name: 'João Ção', number: '5511987654321', email: 'joao@x.com' },
      { name: 'Bia', number: '351912345678', email: '' },
    ]);
    const rows = await readSpreadsheet(new File([blob], 'contacts.xlsx'));
    expect(rows).toEqual([
      { line: 2, name: 'João Ção', number: '5511987654321', email: 'joao@x.com' },
      { line: 3, name: 'Bia', number: '351912345678', email: '' },
    ]);

    const latin1 = new Uint8Array(
      [...'Nome;Numero\nJo']
        .map((c) => c.charCodeAt(0))
        .concat([0xe3, 0x6f, 0x3b, 0x31, 0x31, 0x39, 0x38, 0x37, 0x36, 0x35, 0x34, 0x33, 0x32, 0x31]),
    );
    expect(await readSpreadsheet(new File([latin1], 'c.csv'))).toEqual([
      { line: 2, name: 'João', number: '11987654321', email: '' },
    ]);
  });
});
