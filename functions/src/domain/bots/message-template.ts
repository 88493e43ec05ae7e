/**
 * Automatic-message templates (spec part 2 §5 "Connection form"): spintax `{a|b|c}` picks one
 * variant, and the placeholders `{{name}}` (contact name), `{{ms}}` (greeting for the time of day in
 * the company's time zone) and `{{protocol}}` (the ticket's protocol number, one per ticket:
 * domain/tickets/ticket-protocol.ts) are filled in.
 */
import { localTime } from './business-hours';

export interface TemplateContext {
  contactName: string;
  /** The ticket's protocol number (`ticketProtocol`). */
  protocol: string;
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

export function renderTemplate(template: string, ctx: TemplateContext): string {
  const random = ctx.random ?? Math.random;
  const withPlaceholders = template
    .replace(/\{\{\s*name\s*\}\}/gi, () => ctx.contactName) // a function: no `$&` patterns from a name
    .replace(/\{\{\s*ms\s*\}\}/gi, timeOfDayGreeting(ctx.at, ctx.timeZone))
    .replace(/\{\{\s*protocol\s*\}\}/gi, () => ctx.protocol);
  // Spintax after placeholders, which use double braces; a group needs at least one '|'.
  return withPlaceholders.replace(/\{([^{}]*\|[^{}]*)\}/g, (_, group: string) => {
    const variants = group.split('|');
    return variants[Math.min(variants.length - 1, Math.floor(random() * variants.length))]!;
  });
}
