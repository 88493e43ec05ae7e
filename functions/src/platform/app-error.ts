import type { ErrorCode } from '@atende/shared';

/**
 * A failure the caller can act on. The error middleware maps it to `{ error: code, params?, fields?, hints? }`
 * with `status`. No text: the console translates the code (pt-BR keeps the spec's wording) and
 * interpolates `params`; `fields` carries the shared schemas' per-field messages.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number = 400,
    readonly details?: {
      params?: Record<string, string | number>;
      fields?: Record<string, string>;
      /** zod's English text for fields whose rule has no message key (platform/zod-fields.ts). */
      hints?: Record<string, string>;
      headers?: Record<string, string>;
    },
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const notFound = (code: ErrorCode = 'ERR_NOT_FOUND') => new AppError(code, 404);
export const forbidden = (code: ErrorCode = 'ERR_NO_PERMISSION') => new AppError(code, 403);
