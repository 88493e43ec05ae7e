import { isApiError } from './api-client';
import { notify } from './toaster';

/** The API's messages for these form fields (`{ error, fields }` of a 4xx), in the order given. */
export function apiFieldErrors<F extends string>(error: unknown, fields: readonly F[]): [F, string][] {
  const given = isApiError(error) ? error.fields : undefined;
  return given ? fields.flatMap((field) => (given[field] ? [[field, given[field]] as [F, string]] : [])) : [];
}

/**
 * A refused save, where the user sees it: a message the API gives for one of the form's fields under
 * that field; anything else as a toast.
 */
export function showSaveError<F extends string>(
  error: unknown,
  fields: readonly F[],
  setError: (field: F, error: { message: string }) => void,
): void {
  const found = apiFieldErrors(error, fields);
  for (const [field, message] of found) setError(field, { message });
  if (found.length === 0) notify.error(error);
}
