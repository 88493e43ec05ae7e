/**
 * A tiny node:http server playing API Gateway's @connections endpoint: records what was posted to
 * each socket (`posted`: the envelopes, a packed frame's unpacked in order; `raw`: the posts as sent)
 * and which sockets were closed; ids in `gone` answer 410 GoneException. Sets WS_MANAGEMENT_ENDPOINT
 * while it runs.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { unpackRealtimeFrame } from '@atende/shared';

export interface PostedFrame {
  channel: string;
  data: { action: string } & Record<string, any>;
}

export async function startFakeWsEndpoint() {
  const posted = new Map<string, PostedFrame[]>();
  const raw = new Map<string, string[]>();
  const closed = new Set<string>();
  const gone = new Set<string>();
  let postCount = 0;
  const server: Server = createServer((req, res) => {
    const id = decodeURIComponent(req.url!.replace(/^\/@connections\//, ''));
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (gone.has(id) || closed.has(id)) {
        res
          .writeHead(410, { 'x-amzn-errortype': 'GoneException', 'content-type': 'application/json' })
          .end('{"message":null}');
        return;
      }
      if (req.method === 'DELETE') {
        closed.add(id);
        res.writeHead(204).end();
        return;
      }
      postCount += 1;
      const body = Buffer.concat(chunks).toString('utf8');
      raw.set(id, [...(raw.get(id) ?? []), body]);
      const envelopes = unpackRealtimeFrame(JSON.parse(body)) as PostedFrame[];
      posted.set(id, [...(posted.get(id) ?? []), ...envelopes]);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.WS_MANAGEMENT_ENDPOINT = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    posted,
    raw,
    closed,
    gone,
    get postCount() {
      return postCount;
    },
    framesOf: (id: string, channel?: string) => (posted.get(id) ?? []).filter((f) => !channel || f.channel === channel),
    reset() {
      posted.clear();
      raw.clear();
      closed.clear();
      gone.clear();
      postCount = 0;
    },
    async stop() {
      delete process.env.WS_MANAGEMENT_ENDPOINT;
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
