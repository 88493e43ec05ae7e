/**
 * A local HTTP server on 127.0.0.1 standing in for a third-party service (Typebot, OpenAI, n8n, a
 * webhook receiver). `respond` answers each request; every request is kept (method, path, headers,
 * raw body) for the test to read.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  json: any;
}

export type Responder = (
  req: SeenRequest,
) => { status?: number; json?: unknown; delayMs?: number } | Promise<{ status?: number; json?: unknown; delayMs?: number }>;

export async function startFakeHttpServer(respond: Responder) {
  const requests: SeenRequest[] = [];
  const state = { respond };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = rawBody ? JSON.parse(rawBody) : undefined;
      } catch {
        json = undefined;
      }
      const seen: SeenRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, rawBody, json };
      requests.push(seen);
      const answer = await state.respond(seen);
      if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      res.end(answer.json === undefined ? '' : JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Changes how the server answers from now on. */
    answerWith(next: Responder) {
      state.respond = next;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
