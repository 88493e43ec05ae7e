/**
 * Tenant isolation over EVERY route of the manifest (HTTP_ROUTES), so routes added later are covered
 * without anyone listing them: company B's admin and operator call each route with A's real ids in the
 * path, then again with A's companyId forged into the body and the query. Each answer is 403/404 on
 * A's ids (a read may answer empty), and no answer holds any of A's data; nothing stored for A changes; no
 * session command for A's connections is queued; B's sockets receive no frame of A's events.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { HttpRouteSpec } from '../../src/manifest';
import { apiCall, type ApiCallResult } from '../support/api-event';
import type { TestUser } from '../support/tenancy-fixtures';
import {
  manifestRoutes,
  OWN_COMPANY_KINDS,
  OWNERSHIP_CHECKED_FIELDS,
  paramKinds,
  pathParamNames,
  pathParamsFor,
  routeKey,
  sampleBody,
  sampleQuery,
  takesBody,
} from './support/route-requests';
import { customerWrites, leakedSecrets, snapshotCompany, useWorld } from './support/world';

const env = useWorld();
let requests = 0;
afterAll(() => {
  console.info(`isolation suite: ${manifestRoutes().length} routes, ${requests} requests`);
});

type Variant = 'A ids' | 'A ids + forged companyId';

function attack(route: HttpRouteSpec, actor: TestUser, variant: Variant): Promise<ApiCallResult> {
  const forged = variant !== 'A ids';
  requests++;
  return apiCall(route.area, route.method, route.path, {
    token: actor.token,
    pathParameters: pathParamsFor(route, env.world.a),
    query: {
      ...sampleQuery(route, env.world.a, env.world.b),
      ...(forged ? { companyId: env.world.a.companyId } : {}),
    },
    ...(takesBody(route)
      ? {
          body: {
            ...sampleBody(route, env.world.a, env.world.b),
            ...(forged ? { companyId: env.world.a.companyId } : {}),
          },
        }
      : {}),
  });
}

/** Why this answer breaks isolation, or undefined when it is fine. */
function verdict(route: HttpRouteSpec, variant: Variant, res: ApiCallResult): string | undefined {
  if (res.status >= 500) return `answered ${res.status}`;
  const leaked = leakedSecrets(res.body, env.world.a.secrets);
  if (leaked.length) return `leaked A's data: ${leaked.join(', ')}`;
  // A feature switched off for B answers before any tenant check, which would hide a breach behind it.
  if (res.body?.error === 'ERR_FEATURE_UNAVAILABLE')
    return `refused as a feature B does not have, so the tenant check was never reached: switch it on for both tenants in world.ts`;
  if (res.status === 400 && res.body?.error === 'ERR_VALIDATION') {
    const refused = Object.keys(res.body.fields ?? {});
    const ownership = OWNERSHIP_CHECKED_FIELDS[routeKey(route)] ?? [];
    if (refused.length && refused.every((field) => ownership.includes(field))) return undefined; // A's ids refused
    return variant === 'A ids'
      ? `stopped by validation (${JSON.stringify(res.body.fields ?? {})}), so the tenant check was never reached: give the route a valid sample in SAMPLE_BODIES/SAMPLE_QUERIES`
      : undefined; // a schema may refuse the unknown companyId key: refused, nothing done
  }
  // On A's ids a write must be refused outright; a read may also answer an empty 2xx (nothing of A in it, checked above).
  const kinds = paramKinds(route);
  const targetsA = pathParamNames(route.path).some((name) => !OWN_COMPANY_KINDS.has(kinds[name]!));
  const emptyRead = route.method === 'GET' && res.status >= 200 && res.status < 300;
  if (targetsA && !emptyRead && ![403, 404].includes(res.status))
    return `answered ${res.status} on A's ids (expected 403 or 404)`;
  return undefined;
}

describe('tenant isolation over every manifest route', () => {
  it('every path parameter of every route has a fixture kind', () => {
    const problems = manifestRoutes().flatMap((route) => {
      try {
        paramKinds(route);
        return [];
      } catch (err) {
        return [(err as Error).message];
      }
    });
    expect(problems).toEqual([]);
    // …and a route with a parameter nobody classified fails, so a new route forces a decision.
    expect(() => paramKinds({ method: 'GET', path: '/tickets/{ticketId}', area: 'users', access: 'user' })).toThrow(
      /PARAM_KINDS/,
    );
  });

  for (const route of manifestRoutes()) {
    it(`${routeKey(route)}: company B gets nothing of company A`, async () => {
      const before = await snapshotCompany(env.world.a.companyId);
      const failures: string[] = [];
      for (const [who, actor] of [
        ['B admin', env.world.b.admin],
        ['B operator', env.world.b.operator],
      ] as const) {
        for (const variant of ['A ids', 'A ids + forged companyId'] as const) {
          const res = await attack(route, actor, variant);
          const problem = verdict(route, variant, res);
          if (problem) failures.push(`${who}, ${variant}: ${problem} — ${JSON.stringify(res.body)?.slice(0, 200)}`);
        }
      }
      expect(failures).toEqual([]);
      if (routeKey(route) in OWNERSHIP_CHECKED_FIELDS) {
        // …and that refusal was about A's ids, not a bad sample: the same body naming B's own records is accepted.
        requests++;
        const own = await apiCall(route.area, route.method, route.path, {
          token: env.world.b.admin.token,
          pathParameters: pathParamsFor(route, env.world.b),
          body: sampleBody(route, env.world.b, env.world.b),
        });
        expect(own.status, JSON.stringify(own.body)).toBeLessThan(300);
      }
      expect(await snapshotCompany(env.world.a.companyId)).toEqual(before);
      const commands = await env.queues.take('outbound-0');
      expect(commands.filter((c) => JSON.stringify(c.body).includes(env.world.a.companyId))).toEqual([]);
    });
  }

  it("B's sockets receive no frame of A's events, while A's own sockets do", async () => {
    const a = env.world.a;
    await customerWrites(a, `outra mensagem secreta ${Date.now()}`);
    requests += 2;
    expect(
      (
        await apiCall('users', 'PUT', '/users/{id}', {
          token: a.admin.token,
          pathParameters: { id: a.operator.user.id },
          body: { name: a.operator.user.name },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await apiCall('whatsapp', 'PUT', '/whatsapp/{id}', {
          token: a.admin.token,
          pathParameters: { id: a.connection.id },
          body: { name: a.connection.name },
        })
      ).status,
    ).toBe(200);

    // Publishers only enqueue; the fan-out posts to the sockets (as Lambda's event source would run it).
    await env.deliverRealtime();
    for (const socket of [env.world.b.sockets.admin, env.world.b.sockets.operator]) {
      const frames = env.sockets.of(socket);
      expect(leakedSecrets(frames, a.secrets)).toEqual([]);
      expect(frames.filter((f) => f.channel.includes(a.companyId))).toEqual([]);
    }
    const seenByA = env.sockets.of(a.sockets.admin);
    expect(leakedSecrets(seenByA, a.secrets).length).toBeGreaterThan(0);
  });
});
