import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/toaster';

/**
 * Connection actions show the server's own `message` when it sent one (e.g. 'Acesso não
 * permitido' when addAlterConnection blocks an operator, spec part 2 §6), else the
 * translated code.
 */
export function connectionErrorText(error: unknown): string {
  if (isApiError(error) && error.message && error.message !== error.code && !error.message.startsWith('HTTP_')) {
    return error.message;
  }
  return errorMessage(error);
}
