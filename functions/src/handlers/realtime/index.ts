/**
 * WebSocket API routes ($connect, $disconnect, $default). A non-2xx answer to `$connect` makes API
 * Gateway refuse the upgrade, so a socket without a valid access token never opens. `$default`
 * answers join/leave frames with a body (the route has a route response, so it reaches the socket).
 */
import { REALTIME_FRAMES_PARAM } from '@atende/shared';
import { AppError } from '../../platform/app-error';
import { logger } from '../../platform/logger';
import { closeSocket, openSocket } from '../../domain/realtime/socket-sessions';
import { answerClientFrame } from '../../domain/realtime/ticket-rooms';
import { provideTicketFacts } from '../../domain/realtime/ticket-facts';
import { ticketAccessFacts } from '../../domain/tickets/ticket-access-facts';

// joinTicket judges the ticket's queue and assignee: the tickets entity answers (fails closed without it).
provideTicketFacts(ticketAccessFacts);

export interface WebSocketEvent {
  requestContext: { routeKey: string; connectionId: string };
  queryStringParameters?: Record<string, string | undefined> | null;
  body?: string | null;
}

export interface WebSocketAnswer {
  statusCode: number;
  body?: string;
}

export async function handler(event: WebSocketEvent): Promise<WebSocketAnswer> {
  const { routeKey, connectionId } = event.requestContext;
  switch (routeKey) {
    case '$connect':
      try {
        const query = event.queryStringParameters;
        await openSocket(connectionId, query?.token, query?.[REALTIME_FRAMES_PARAM]);
        return { statusCode: 200 };
      } catch (err) {
        if (err instanceof AppError) return { statusCode: 401 };
        throw err;
      }
    case '$disconnect':
      await closeSocket(connectionId);
      return { statusCode: 200 };
    default: {
      const reply = await answerClientFrame(connectionId, event.body ?? undefined).catch((err) => {
        logger.warn('ws frame failed', { err });
        return undefined;
      });
      return reply ? { statusCode: 200, body: JSON.stringify(reply) } : { statusCode: 200 };
    }
  }
}
