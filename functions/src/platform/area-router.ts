import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { Access, Area, RouteKey } from '../manifest';
import type { ServedRoute } from './http-route';

export type AreaHandler = ((event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>) & {
  /** The manifest keys this area serves (functions/test/route-manifest.test.ts compares them with the manifest). */
  readonly routeKeys: readonly string[];
  /** The access each served route enforces, by key (the same test compares it with the manifest's). */
  readonly routeAccess: Readonly<Record<string, Access>>;
};

/**
 * One Lambda per area: API Gateway calls it with `resource` set to the route template
 * (e.g. `/users/{id}`); the router picks the route's handler by `METHOD resource`. Each route is
 * one `route('METHOD /path', {...})` naming a manifest entry of this area (the compiler checks the key).
 */
export function areaRouter<A extends Area>(_area: A, routes: ServedRoute<RouteKey<A>>[]): AreaHandler {
  const byKey = new Map<string, ServedRoute['handler']>();
  for (const served of routes) {
    if (byKey.has(served.key)) throw new Error(`${served.key} is served twice`);
    byKey.set(served.key, served.handler);
  }
  const paths = new Set(routes.map((served) => served.key.split(' ')[1]));
  const handle = async (event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult> => {
    const handler = byKey.get(`${event.httpMethod} ${event.resource}`);
    if (handler) return handler(event, context);
    const pathKnown = paths.has(event.resource);
    return {
      statusCode: pathKnown ? 405 : 404,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ error: pathKnown ? 'ERR_METHOD_NOT_ALLOWED' : 'ERR_NOT_FOUND' }),
    };
  };
  const routeAccess = Object.fromEntries(routes.map((served) => [served.key, served.access]));
  return Object.assign(handle, { routeKeys: [...byKey.keys()], routeAccess });
}
