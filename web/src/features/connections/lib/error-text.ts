import { CONNECTION_MSG } from '@atende/shared';
import { isApiError } from '@/lib/api-client';
import i18n from '@/lib/i18n';
import { errorMessage } from '@/lib/toaster';

/**
 * A blocked connection action reads 'Acesso não permitido' (spec part 2 §8), not the generic
 * permission text; everything else goes through the one error translation.
 */
export function connectionErrorText(error: unknown): string {
  if (isApiError(error) && error.code === 'ERR_NO_PERMISSION') return i18n.t(CONNECTION_MSG.accessDenied);
  return errorMessage(error);
}
