/**
 * Spreadsheets of contacts (issue 27: the contacts page and the contact lists' import): reading .csv (Papa Parse) and .xlsx (ExcelJS), and
 * writing contacts.xlsx. Both libraries are loaded on first use, so they never weigh on the first load
 * (web/test/first-load.test.ts). Legacy .xls (BIFF) is refused with a clear message: no maintained
 * reader of it is on the npm registry (decisions.md "Contacts page: spreadsheets").
 */
import type { ContactDto } from '@atende/shared';

/** One data row, its line in the file (1 = the header) and its cells by the columns found. */
export interface SheetRow {
  line: number;
  name: string | number;
  number: string | number;
  email: string | number;
}

export class SpreadsheetError extends Error {
  constructor(readonly reason: 'xls' | 'unsupported' | 'noColumns' | 'empty') {
    super(reason);
    this.name = 'SpreadsheetError';
  }
}

/** Header words that name each column, accents and case aside (pt-BR, en, es). */
const HEADERS: Record<'name' | 'number' | 'email', string[]> = {
  name: ['nome', 'name', 'nombre', 'contato', 'contact', 'contacto'],
  number: ['numero', 'number', 'telefone', 'phone', 'whatsapp', 'celular', 'telefono', 'fone'],
  email: ['email', 'e-mail', 'correo'],
};
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

type Cell = string | number;

/** The rows of a table whose first row is the header; without a recognised header, name and number are A and B. */
export function rowsOf(table: Cell[][]): SheetRow[] {
  if (!table.length) throw new SpreadsheetError('empty');
  const header = table[0]!.map((cell) => plain(String(cell ?? '')));
  const find = (key: keyof typeof HEADERS) => header.findIndex((h) => HEADERS[key].includes(h));
  let columns = { name: find('name'), number: find('number'), email: find('email') };
  let first = 1;
  if (columns.name < 0 && columns.number < 0) {
    columns = { name: 0, number: 1, email: 2 };
    first = 0;
  } else if (columns.name < 0 || columns.number < 0) throw new SpreadsheetError('noColumns');
  const rows: SheetRow[] = [];
  for (let i = first; i < table.length; i++) {
    const cells = table[i]!;
    const at = (index: number): Cell => (index >= 0 ? (cells[index] ?? '') : '');
    if (cells.every((cell) => String(cell ?? '').trim() === '')) continue;
    rows.push({ line: i + 1, name: at(columns.name), number: at(columns.number), email: at(columns.email) });
  }
  if (!rows.length) throw new SpreadsheetError('empty');
  return rows;
}

const extension = (file: File) => file.name.toLowerCase().split('.').pop() ?? '';

/** The data rows of a .csv or .xlsx file. */
export async function readSpreadsheet(file: File): Promise<SheetRow[]> {
  const ext = extension(file);
  if (ext === 'xls') throw new SpreadsheetError('xls');
  if (ext === 'csv') return rowsOf(await readCsv(file));
  if (ext === 'xlsx') return rowsOf(await readXlsx(file));
  throw new SpreadsheetError('unsupported');
}

function readFile(file: File, as: 'text', encoding: string): Promise<string>;
function readFile(file: File, as: 'buffer'): Promise<ArrayBuffer>;
function readFile(file: File, as: 'text' | 'buffer', encoding?: string): Promise<string | ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string | ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    if (as === 'text') reader.readAsText(file, encoding);
    else reader.readAsArrayBuffer(file);
  });
}

/** UTF-8, or Windows-1252 when the text is not UTF-8 (Excel's "CSV" in Brazil often is). */
async function csvText(file: File): Promise<string> {
  const text = await readFile(file, 'text', 'utf-8');
  return text.includes('\uFFFD') ? readFile(file, 'text', 'windows-1252') : text;
}

async function readCsv(file: File): Promise<Cell[][]> {
  const { default: Papa } = await import('papaparse');
  const parsed = Papa.parse<string[]>(await csvText(file), { skipEmptyLines: 'greedy' });
  return parsed.data;
}

/** A cell of ExcelJS as text or number (formulas by their result, rich text by its text). */
function cellValue(value: unknown): Cell {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'object') {
    const v = value as { result?: unknown; text?: unknown; richText?: { text: string }[] };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if (v.text !== undefined) return String(v.text);
    if (v.result !== undefined) return cellValue(v.result);
  }
  return String(value);
}

async function readXlsx(file: File): Promise<Cell[][]> {
  const ExcelJS = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await readFile(file, 'buffer'));
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const table: Cell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    table[rowNumber - 1] = values.map(cellValue);
  });
  return Array.from(table, (row) => row ?? []);
}

/** contacts.xlsx (spec part 3 §7): name, number and e-mail of the given contacts. */
export async function contactsWorkbook(contacts: Pick<ContactDto, 'name' | 'number' | 'email'>[]): Promise<Blob> {
  const ExcelJS = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contatos');
  sheet.columns = [
    { header: 'Nome', key: 'name', width: 32 },
    { header: 'Numero', key: 'number', width: 20 },
    { header: 'Email', key: 'email', width: 32 },
  ];
  for (const c of contacts) sheet.addRow({ name: c.name, number: c.number, email: c.email });
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

/** Hands a file to the browser's download. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
