/**
 * Each HTTP route is declared once, in functions/src/manifest.ts. Every area's handler must serve
 * exactly the manifest's routes of that area: a handler route the manifest lacks, or a manifest
 * route no handler serves, fails here.
 */
import { describe, expect, it } from 'vitest';
import { AREAS, HTTP_ROUTES, routeKey, type Area } from '../src/manifest';
import { json, route } from '../src/platform/http-route';

const areas = Object.keys(AREAS) as Area[];

describe('route manifest', () => {
  it.each(areas)('the %s handler serves exactly the manifest routes of its area', async (area) => {
    const module = await import(/* @vite-ignore */ new URL(`../${AREAS[area]}`, import.meta.url).href);
    const served: readonly string[] = module.handler.routeKeys ?? [];
    const declared = HTTP_ROUTES.filter((spec) => spec.area === area).map(routeKey);
    expect([...served].sort()).toEqual(declared.sort());
  });

  // The handlers repeat each route's access (the manifest stays out of the bundles): it must be the manifest's.
  it.each(areas)('the %s handler enforces the access the manifest declares', async (area) => {
    const module = await import(/* @vite-ignore */ new URL(`../${AREAS[area]}`, import.meta.url).href);
    const enforced: Record<string, string> = module.handler.routeAccess ?? {};
    const declared = HTTP_ROUTES.filter((spec) => spec.area === area).map((spec) => [routeKey(spec), spec.access]);
    expect(enforced).toEqual(Object.fromEntries(declared));
  });

  it('types the access of a route as the manifest declares it (checked by tsc -p functions)', () => {
    // @ts-expect-error 'GET /users' is an admin route: a handler cannot serve it as 'user'
    const widened = route('GET /users', 'user', { handler: async () => json({}) });
    const declared = route('GET /users', 'admin', { handler: async () => json({}) });
    expect([widened.access, declared.access]).toEqual(['user', 'admin']);
  });

  it('declares each method and path once', () => {
    const keys = HTTP_ROUTES.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
