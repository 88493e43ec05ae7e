import { createToaster } from '@chakra-ui/react';
import { TOAST_MS } from '@atende/shared';
import i18n, { isMessageKey } from './i18n';

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
  params?: unknown;
}

const codeText = (code: unknown, params?: unknown): string | undefined =>
  typeof code === 'string' && code.startsWith('ERR_') && i18n.exists(`errors.${code}`)
    ? i18n.t(`errors.${code}`, (params ?? {}) as Record<string, unknown>)
    : undefined;

/**
 * Spec part 1 §8 with codes instead of server text (decisions.md "Web console: errors as codes"): a
 * rule's message key or an error code is shown translated, and when there is nothing usable
 * 'Ocorreu um erro inesperado!'. Server text is never shown (it would be Portuguese to en/es users);
 * a plain string is a text the caller already translated.
 */
export function errorMessage(errOrMsg: unknown): string {
  if (typeof errOrMsg === 'string') {
    if (isMessageKey(errOrMsg)) return i18n.t(errOrMsg);
    return codeText(errOrMsg) ?? (errOrMsg || i18n.t('errors.unexpected'));
  }
  const { code, message, params } = (errOrMsg ?? {}) as ErrorLike;
  if (typeof message === 'string' && isMessageKey(message)) return i18n.t(message);
  return codeText(code, params) ?? i18n.t('errors.unexpected');
}

export const notify = {
  success: (message: string) => toaster.create({ type: 'success', title: message }),
  info: (message: string) => toaster.create({ type: 'info', title: message }),
  warning: (message: string) => toaster.create({ type: 'warning', title: message, duration: TOAST_MS.warning }),
  error: (errOrMsg: unknown) => toaster.create({ type: 'error', title: errorMessage(errOrMsg) }),
};
