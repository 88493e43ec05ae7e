/**
 * Automatic-message templates (spec part 2 §5 "Connection form"): spintax `{a|b|c}` picks one
 * variant, and the placeholders `{{name}}` (contact name), `{{ms}}` (greeting for the time of day in
 * the company's time zone) and `{{protocol}}` (a ticket reference) are filled in.
 */
import { localTime } from './business-hours';

export interface TemplateContext {
  contactName: string;
  ticketId: string;
  at: Date;
  timeZone: string;
  /** Injectable for tests; Math.random otherwise. */
  random?: () => number;
}

/** 'Bom dia' 06–11, 'Boa tarde' 12–17, 'Boa noite' 18–23, 'Boa madrugada' 00–05 (local hour). */
export function timeOfDayGreeting(at: Date, timeZone: string): string {
  const { hour } = localTime(at, timeZone);
  if (hour < 6) return 'Boa madrugada';
  if (hour < 12) return 'Bom dia';
  if (hour < 18) return 'Boa tarde';
  return 'Boa noite';
}

/** A readable, unique-enough reference: local date and time plus the ticket id's tail. */
export function protocolFor(ticketId: string, at: Date): string {
  const stamp = at.toISOString().replace(/\D/g, '').slice(0, 14);
  return `${stamp}${ticketId.slice(-4).toUpperCase()}`;
}

export function renderTemplate(template: string, ctx: TemplateContext): string {
  const random = ctx.random ?? Math.random;
  const withPlaceholders = template
    .replace(/\{\{\s*name\s*\}\}/gi, ctx.contactName)
    .replace(/\{\{\s*ms\s*\}\}/gi, timeOfDayGreeting(ctx.at, ctx.timeZone))
    .replace(/\{\{\s*protocol\s*\}\}/gi, protocolFor(ctx.ticketId, ctx.at));
  // Spintax after placeholders, which use double braces; a group needs at least one '|'.
  return withPlaceholders.replace(/\{([^{}]*\|[^{}]*)\}/g, (_, group: string) => {
    const variants = group.split('|');
    return variants[Math.min(variants.length - 1, Math.floor(random() * variants.length))]!;
  });
}
