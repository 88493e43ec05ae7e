/**
 * The generated spreadsheet of the outbound journey (issue 27 "What it must show"): N rows of
 * contacts as people type them (plain digits, `+55 …`, `(11) 9…`), with some invalid numbers and some
 * duplicates, written with ExcelJS (the library the console reads .xlsx with). It also says what the
 * import must answer for each row, so the test judges the console's per-row report against it.
 */
import ExcelJS from 'exceljs';

export interface PlannedRow {
  /** The spreadsheet line (1 is the header). */
  line: number;
  name: string;
  /** As written in the cell. */
  cell: string;
  /** The digits the platform stores when the row is accepted. */
  number: string;
  outcome: 'created' | 'invalidNumber' | 'duplicateInFile' | 'duplicate';
}

export interface ContactSheetPlan {
  rows: PlannedRow[];
  /** Numbers (digits) the list ends up with. */
  listed: string[];
  /** The listed numbers WhatsApp has an account for: a campaign's valid contacts. */
  valid: string[];
  /** Listed, but without a WhatsApp account: no campaign sends to them. */
  notOnWhatsapp: string[];
  /** Cells of the invalid numbers. */
  invalid: string[];
}

/** Mobile numbers of São Paulo, unique per `series` (0–9) and index. */
export const mobileNumber = (series: number, index: number): string => `55119${series}${String(index).padStart(7, '0')}`;

/**
 * The simulated server's rule (docs/simulator-api.md "Which numbers are on WhatsApp"): every number
 * has an account except those whose digits end in 0000.
 */
export const hasWhatsappAccount = (number: string): boolean => !number.endsWith('0000');

/** Every 100th listed number is one without an account (…0000), the others as `mobileNumber`. */
const listedNumber = (series: number, index: number): string =>
  index % 100 === 0 ? `55119${series}${String(index / 100).padStart(3, '0')}0000` : mobileNumber(series, index);

/** How a person may have typed the number (the import normalises all of them to the same digits). */
function typed(digits: string, index: number): string {
  const local = digits.slice(4); // 9XXXXXXXX
  if (index % 3 === 1) return `+55 11 ${local.slice(0, 5)}-${local.slice(5)}`;
  if (index % 3 === 2) return `(11) ${local.slice(0, 5)}-${local.slice(5)}`;
  return digits;
}

/** Cells that are not phone numbers: letters, too short. */
const INVALID_CELLS = ['abc-defgh', '12345', '999', 'telefone', '0', '55-11', 'xx 9999 8888', '1234567'];

/**
 * `total` rows: `invalidCount` invalid numbers spread evenly, and `duplicates` rows repeating an earlier
 * number in another format (half in the same 200-row chunk the console posts, half in a later one:
 * refused as 'duplicateInFile' and as 'duplicate'), the rest distinct valid numbers.
 */
export function planContactSheet(total: number, series: number, invalidCount: number, duplicates: number): ContactSheetPlan {
  const rows: PlannedRow[] = [];
  const everyInvalid = Math.floor(total / invalidCount);
  const duplicateLines = new Set(
    Array.from({ length: duplicates }, (_, i) => (i % 2 === 0 ? 120 + i * 11 : 420 + i * 97)).filter((l) => l < total),
  );
  const seen = new Set<string>();
  let validIndex = 0;
  for (let i = 0; i < total; i++) {
    const line = i + 2;
    const name = `Cliente ${series}-${String(i + 1).padStart(4, '0')}`;
    if (i % everyInvalid === everyInvalid - 1 && rows.filter((r) => r.outcome === 'invalidNumber').length < invalidCount) {
      const cell = INVALID_CELLS[i % INVALID_CELLS.length]!;
      rows.push({ line, name, cell, number: '', outcome: 'invalidNumber' });
      continue;
    }
    if (duplicateLines.has(i)) {
      const earlier = rows.filter((r) => r.outcome === 'created');
      const source = i < 200 ? earlier[earlier.length - 5]! : earlier[Math.floor(earlier.length / 3)]!;
      const sameChunk = Math.floor((source.line - 2) / 200) === Math.floor(i / 200);
      rows.push({
        line,
        name,
        cell: typed(source.number, i),
        number: source.number,
        outcome: sameChunk ? 'duplicateInFile' : 'duplicate',
      });
      continue;
    }
    const number = listedNumber(series, validIndex++);
    seen.add(number);
    rows.push({ line, name, cell: typed(number, i), number, outcome: 'created' });
  }
  const listed = [...seen];
  return {
    rows,
    listed,
    valid: listed.filter(hasWhatsappAccount),
    notOnWhatsapp: listed.filter((number) => !hasWhatsappAccount(number)),
    invalid: rows.filter((r) => r.outcome === 'invalidNumber').map((r) => r.cell),
  };
}

/** The plan as an .xlsx (Nome, Numero, Email), numbers as text cells, as a spreadsheet keeps typed phones. */
export async function contactSheetXlsx(plan: ContactSheetPlan): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contatos');
  sheet.addRow(['Nome', 'Numero', 'Email']);
  for (const row of plan.rows) sheet.addRow([row.name, row.cell, row.line % 4 === 0 ? `c${row.line}@exemplo.com.br` : '']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
