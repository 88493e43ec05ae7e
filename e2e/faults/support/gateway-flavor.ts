/**
 * The REST API behind API Gateway, for the fault proxy: the operation is the method and the first
 * path segment after `/api` (`POST /messages`), and a fault answers what API Gateway answers when
 * the function outlives its 29 s: 504 `Endpoint request timed out` — while the function goes on.
 */
import type { ProxyFlavor } from './fault-proxy';

export const gatewayFlavor: ProxyFlavor = {
  operation: (method, path) => {
    const segment = new URL(path, 'http://x').pathname.replace(/^\/api/, '').split('/')[1];
    return segment ? `${method} /${segment}` : undefined;
  },
  errorAnswer: (kind) => ({
    status: kind === 'gateway-timeout' ? 504 : kind === 'server-error' ? 500 : 429,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message: kind === 'gateway-timeout' ? 'Endpoint request timed out' : 'Too Many Requests' }),
  }),
};
