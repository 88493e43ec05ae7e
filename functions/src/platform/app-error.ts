import type { ErrorCode } from '@atende/shared';

/** A failure the caller can act on. The error middleware maps it to `{ error: code }` with `status`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number = 400,
    readonly details?: { message?: string; fields?: Record<string, string>; headers?: Record<string, string> },
  ) {
    super(details?.message ?? code);
    this.name = 'AppError';
  }
}

export const notFound = (code: ErrorCode = 'ERR_NOT_FOUND') => new AppError(code, 404);
export const forbidden = (code: ErrorCode = 'ERR_NO_PERMISSION', message?: string) => new AppError(code, 403, { message });
