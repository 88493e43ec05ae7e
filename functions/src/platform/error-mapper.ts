import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { ApiErrorBody } from '@atende/shared';
import { AppError } from './app-error';
import { logger } from './logger';

/**
 * Failures that are not AppErrors but whose cause is known, by error name: what the client did
 * (a request DynamoDB refuses as malformed, a zod parse outside the route's schemas, a write that
 * lost a race with another writer) is a 4xx; only the rest is a 500. Names, not classes, so this
 * module does not load the SDK's error classes (and a data module's own error is matched as well).
 */
const KNOWN_FAILURES: Record<string, { status: number; code: ApiErrorBody['error'] }> = {
  // DynamoDB refused the request itself: a key or value built from client input it cannot take.
  ValidationException: { status: 400, code: 'ERR_VALIDATION' },
  SerializationException: { status: 400, code: 'ERR_VALIDATION' },
  // zod (classic and mini) parse errors thrown with `.parse`.
  ZodError: { status: 400, code: 'ERR_VALIDATION' },
  $ZodError: { status: 400, code: 'ERR_VALIDATION' },
  // A conditional write or transaction another writer won, left unmapped by the domain.
  ConditionalCheckFailedException: { status: 409, code: 'ERR_CONFLICT' },
  TransactionConditionFailed: { status: 409, code: 'ERR_CONFLICT' },
  TransactionCanceledException: { status: 409, code: 'ERR_CONFLICT' },
  TransactionConflictException: { status: 409, code: 'ERR_CONFLICT' },
};

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8' };

/** Maps AppError to `{ error, params?, fields?, hints? }` with its status, known failures to their 4xx, anything else to a bare 500. */
export function errorMapper(): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> {
  return {
    onError: async (request) => {
      const err = request.error;
      if (err instanceof AppError) {
        const body: ApiErrorBody = { error: err.code };
        if (err.details?.params) body.params = err.details.params;
        if (err.details?.fields) body.fields = err.details.fields;
        if (err.details?.hints) body.hints = err.details.hints;
        request.response = {
          statusCode: err.status,
          headers: { ...jsonHeaders, ...err.details?.headers },
          body: JSON.stringify(body),
        };
        return;
      }
      const known = err ? KNOWN_FAILURES[(err as Error).name] : undefined;
      if (known) {
        logger.warn('request refused by a known failure', {
          err,
          path: request.event?.path,
          method: request.event?.httpMethod,
        });
        request.response = {
          statusCode: known.status,
          headers: jsonHeaders,
          body: JSON.stringify({ error: known.code } satisfies ApiErrorBody),
        };
        return;
      }
      logger.error('unhandled error', { err, path: request.event?.path, method: request.event?.httpMethod });
      request.response = {
        statusCode: 500,
        headers: jsonHeaders,
        body: JSON.stringify({ error: 'ERR_INTERNAL' } satisfies ApiErrorBody),
      };
    },
  };
}
