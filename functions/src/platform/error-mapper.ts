import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { ApiErrorBody } from '@atende/shared';
import { AppError } from './app-error';
import { logger } from './logger';

/** Maps AppError to `{ error, params?, fields? }` with its status; anything else to a bare 500. */
export function errorMapper(): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> {
  return {
    onError: async (request) => {
      const err = request.error;
      if (err instanceof AppError) {
        const body: ApiErrorBody = { error: err.code };
        if (err.details?.params) body.params = err.details.params;
        if (err.details?.fields) body.fields = err.details.fields;
        request.response = {
          statusCode: err.status,
          headers: { 'content-type': 'application/json; charset=utf-8', ...err.details?.headers },
          body: JSON.stringify(body),
        };
        return;
      }
      logger.error('unhandled error', { err, path: request.event?.path, method: request.event?.httpMethod });
      request.response = {
        statusCode: 500,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ error: 'ERR_INTERNAL' } satisfies ApiErrorBody),
      };
    },
  };
}
