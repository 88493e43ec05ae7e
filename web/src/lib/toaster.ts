import { createToaster } from '@chakra-ui/react';
import { TOAST_MS } from '@atende/shared';
import i18n from './i18n';

/** One toaster for the whole app; `<AppToaster />` renders it. Durations from spec part 1 §9. */
export const toaster = createToaster({
  placement: 'top-end',
  duration: TOAST_MS.default,
  pauseOnPageIdle: true,
  max: 4,
});

interface ErrorLike {
  code?: unknown;
  message?: unknown;
}

/**
 * Spec part 1 §8: an error code with a translation is shown translated, otherwise the raw
 * text, and when there is nothing usable 'Ocorreu um erro inesperado!'.
 */
export function errorMessage(errOrMsg: unknown): string {
  if (typeof errOrMsg === 'string') {
    if (errOrMsg.startsWith('ERR_') && i18n.exists(`errors.${errOrMsg}`)) return i18n.t(`errors.${errOrMsg}`);
    return errOrMsg || i18n.t('errors.unexpected');
  }
  const { code, message } = (errOrMsg ?? {}) as ErrorLike;
  if (typeof code === 'string' && i18n.exists(`errors.${code}`)) return i18n.t(`errors.${code}`);
  if (typeof message === 'string' && message && message !== code && !message.startsWith('HTTP_')) return message;
  if (typeof code === 'string' && code.startsWith('ERR_')) return code;
  return i18n.t('errors.unexpected');
}

export const notify = {
  success: (message: string) => toaster.create({ type: 'success', title: message }),
  info: (message: string) => toaster.create({ type: 'info', title: message }),
  warning: (message: string) => toaster.create({ type: 'warning', title: message, duration: TOAST_MS.warning }),
  error: (errOrMsg: unknown) => toaster.create({ type: 'error', title: errorMessage(errOrMsg) }),
};
