/** GET /health on HEALTH_PORT: 200 with session counts while the host runs (the ECS container health check). */
import { createServer, type Server } from 'node:http';

export function createHealthServer(report: () => Record<string, unknown>): Server {
  return createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://host').pathname;
    const ok = req.method === 'GET' && path === '/health';
    const body = JSON.stringify(ok ? { ok: true, ...report() } : { error: 'NOT_FOUND' });
    res.writeHead(ok ? 200 : 404, { 'content-type': 'application/json' });
    res.end(body);
  });
}

/** Listens on 127.0.0.1 locally, on every interface in a container (the health check comes from outside). */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

export function close(server: Server | undefined): Promise<void> {
  if (!server) return Promise.resolve();
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
