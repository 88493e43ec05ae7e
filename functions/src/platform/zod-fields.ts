import type * as z from '@atende/shared/zod';

/** Flattens zod issues to `{ "field.path": "first message" }` for the `fields` of a 400 answer. */
export function zodFields(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.') || '_';
    fields[path] ??= issue.message;
  }
  return fields;
}
