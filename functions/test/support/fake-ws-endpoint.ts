/** API Gateway's @connections endpoint, played by node:http: records every frame posted to each socket. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RealtimeEnvelope } from '@atende/shared';

export async function startFakeWsEndpoint() {
  const frames = new Map<string, RealtimeEnvelope<any>[]>();
  const server = createServer((req, res) => {
    const socket = decodeURIComponent(req.url!.replace(/^\/@connections\//, ''));
    const body: Buffer[] = [];
    req.on('data', (chunk: Buffer) => body.push(chunk));
    req.on('end', () => {
      frames.set(socket, [...(frames.get(socket) ?? []), JSON.parse(Buffer.concat(body).toString('utf8'))]);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.WS_MANAGEMENT_ENDPOINT = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    frames: (socket: string) => frames.get(socket) ?? [],
    clear: () => frames.clear(),
    async stop() {
      delete process.env.WS_MANAGEMENT_ENDPOINT;
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
