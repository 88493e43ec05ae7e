/**
 * WebSocket API routes ($connect, $disconnect, $default). A non-2xx answer to `$connect` makes API
 * Gateway refuse the upgrade, so a socket without a valid access token never opens.
 */
import { AppError } from '../../platform/app-error';
import { logger } from '../../platform/logger';
import { answerClientFrame, closeSocket, openSocket } from '../../domain/realtime/socket-sessions';

export interface WebSocketEvent {
  requestContext: { routeKey: string; connectionId: string };
  queryStringParameters?: Record<string, string | undefined> | null;
  body?: string | null;
}

const answer = (statusCode: number) => ({ statusCode });

export async function handler(event: WebSocketEvent): Promise<{ statusCode: number }> {
  const { routeKey, connectionId } = event.requestContext;
  switch (routeKey) {
    case '$connect':
      try {
        await openSocket(connectionId, event.queryStringParameters?.token);
        return answer(200);
      } catch (err) {
        if (err instanceof AppError) return answer(401);
        throw err;
      }
    case '$disconnect':
      await closeSocket(connectionId);
      return answer(200);
    default:
      await answerClientFrame(connectionId, event.body ?? undefined).catch((err) => logger.warn('ws frame failed', { err }));
      return answer(200);
  }
}
