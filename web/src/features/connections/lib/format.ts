import { format, isValid, parseISO } from 'date-fns';

/** "Last update" column: dd/MM/yy HH:mm (spec part 2 §2). */
export function formatUpdatedAt(value: string | null | undefined): string {
  if (!value) return '—';
  const date = parseISO(value);
  return isValid(date) ? format(date, 'dd/MM/yy HH:mm') : '—';
}

/** Number column: plus sign and number for WhatsApp, dashes for other channels (spec part 2 §2). */
export function formatConnectionNumber(channel: string, number: string | null | undefined): string {
  if (channel !== 'whatsapp') return '-';
  return number ? `+${number.replace(/^\+/, '')}` : '-';
}
