import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { HttpHandler } from './http-route';

/**
 * One Lambda per area: API Gateway calls it with `resource` set to the route template
 * (e.g. `/users/{id}`); the router picks the route's handler by `METHOD resource`.
 */
export function areaRouter(routes: Record<string, HttpHandler>) {
  return async (event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult> => {
    const handler = routes[`${event.httpMethod} ${event.resource}`];
    if (handler) return handler(event, context);
    const pathKnown = Object.keys(routes).some((key) => key.split(' ')[1] === event.resource);
    return {
      statusCode: pathKnown ? 405 : 404,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ error: pathKnown ? 'ERR_METHOD_NOT_ALLOWED' : 'ERR_NOT_FOUND' }),
    };
  };
}
