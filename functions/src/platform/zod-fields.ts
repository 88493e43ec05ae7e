import { MSG } from '@atende/shared';
import type * as z from '@atende/shared/zod';

/** What a 400 answer says about each field: a message key the console translates, and zod's own English for developers. */
export interface ZodFieldReport {
  /** `{ "field.path": "validation.…" }`: always a message key (the schema's own, or a generic one). */
  fields: Record<string, string>;
  /** `{ "field.path": "Invalid input: expected number, received NaN" }` for the fields whose rule has no key of its own. */
  hints?: Record<string, string>;
}

const isMessageKey = (message: string) => message.startsWith('validation.');

/**
 * Flattens zod issues to one entry per field (the first issue wins). A rule the spec words carries its
 * key already; zod's default messages (wrong type, bounds of a query parameter…) are English text, which
 * the console cannot translate: they become `validation.required` (missing) or `validation.invalid`, and
 * the English text moves to `hints`, so an API integrator still reads what was wrong.
 */
export function zodFields(error: z.core.$ZodError): ZodFieldReport {
  const fields: Record<string, string> = {};
  const hints: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.') || '_';
    if (path in fields) continue;
    if (isMessageKey(issue.message)) {
      fields[path] = issue.message;
      continue;
    }
    const missing = issue.code === 'invalid_type' && issue.message.endsWith('received undefined');
    fields[path] = missing ? MSG.required : 'validation.invalid';
    hints[path] = issue.message;
  }
  return Object.keys(hints).length > 0 ? { fields, hints } : { fields };
}
