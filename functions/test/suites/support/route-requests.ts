/**
 * Turns a manifest route into a request against one tenant's data, generically:
 *
 * - Path parameters are filled with the tenant's real id of the matching kind. `PARAM_KINDS` says
 *   which kind a parameter names, by `<segment>/{param}` (for a bare `{id}`) or by `{param}` alone.
 *   A route whose parameter is in neither fails the suites: a new route forces that decision here.
 * - Bodies and queries: `{}` unless `SAMPLE_BODIES` / `SAMPLE_QUERIES` give a valid one. The isolation
 *   suite fails when an attack is stopped by validation (400 ERR_VALIDATION), because then the
 *   tenant check was never reached: the new route needs a valid sample here.
 *
 * Add a kind: a field on `Tenant` (world.ts) and a line in `fixtureId`.
 */
import { HTTP_ROUTES, type HttpRouteSpec } from '../../../src/manifest';
import type { Tenant } from './world';

export type FixtureKind = 'user' | 'connection';

export const PARAM_KINDS: Record<string, FixtureKind> = {
  'users/{id}': 'user',
  'drawer/{userId}': 'user',
  'whatsapp/{id}': 'connection',
  'whatsappsession/{id}': 'connection',
  '{userId}': 'user',
  '{connectionId}': 'connection',
  '{whatsappId}': 'connection',
};

/** The tenant's record of that kind a request targets (the operator: a user an admin may manage). */
export function fixtureId(tenant: Tenant, kind: FixtureKind): string {
  switch (kind) {
    case 'user':
      return tenant.operator.user.id;
    case 'connection':
      return tenant.connection.id;
  }
}

const unique = () => Math.random().toString(36).slice(2, 10);

/** Valid bodies, so an attack passes validation and reaches the route's tenant checks. */
export const SAMPLE_BODIES: Record<string, () => Record<string, unknown>> = {
  'POST /auth/login': () => ({ email: `ninguem-${unique()}@test.local`, password: 'senha-errada' }),
  'POST /users': () => ({
    name: 'Invasor Teste',
    email: `invasor-${unique()}@test.local`,
    password: 'segredo1',
    profile: 'admin',
  }),
  'PUT /users/{id}': () => ({ name: 'Nome Tomado', profile: 'admin', password: 'tomada123' }),
  'PUT /users/drawer/{userId}': () => ({ drawerMenuOpen: false }),
  'POST /whatsapp': () => ({ name: `Invasora ${unique()}` }),
  'PUT /whatsapp/{id}': () => ({ name: 'Conexão Tomada', isDefault: true }),
  'POST /facebook': () => ({ addInstagram: false }),
};

export const SAMPLE_QUERIES: Record<string, () => Record<string, string>> = {};

export const routeKey = (route: Pick<HttpRouteSpec, 'method' | 'path'>) => `${route.method} ${route.path}`;

export const pathParamNames = (path: string): string[] => [...path.matchAll(/\{(\w+)\+?\}/g)].map((m) => m[1]!);

/** The kind each of the route's parameters names; throws, naming the route, when one is unknown. */
export function paramKinds(route: HttpRouteSpec): Record<string, FixtureKind> {
  const segments = route.path.split('/');
  const kinds: Record<string, FixtureKind> = {};
  for (const name of pathParamNames(route.path)) {
    const index = segments.findIndex((s) => s === `{${name}}` || s === `{${name}+}`);
    const kind = PARAM_KINDS[`${segments[index - 1]}/{${name}}`] ?? PARAM_KINDS[`{${name}}`];
    if (!kind) {
      throw new Error(
        `${routeKey(route)}: path parameter {${name}} has no fixture kind. Add it to PARAM_KINDS in functions/test/suites/support/route-requests.ts (and a fixture in world.ts if it is a new kind).`,
      );
    }
    kinds[name] = kind;
  }
  return kinds;
}

/** Path parameters pointing at `tenant`'s records. */
export function pathParamsFor(route: HttpRouteSpec, tenant: Tenant): Record<string, string> {
  return Object.fromEntries(Object.entries(paramKinds(route)).map(([name, kind]) => [name, fixtureId(tenant, kind)]));
}

export const sampleBody = (route: HttpRouteSpec) => SAMPLE_BODIES[routeKey(route)]?.() ?? {};
export const sampleQuery = (route: HttpRouteSpec) => SAMPLE_QUERIES[routeKey(route)]?.() ?? {};
export const takesBody = (route: HttpRouteSpec) =>
  route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';

/** Every route of the manifest: what the suites iterate, so a route added there is covered here. */
export const manifestRoutes = (): HttpRouteSpec[] => HTTP_ROUTES;
