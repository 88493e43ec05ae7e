/**
 * Each HTTP route is declared once, in functions/src/manifest.ts. Every area's handler must serve
 * exactly the manifest's routes of that area: a handler route the manifest lacks, or a manifest
 * route no handler serves, fails here.
 */
import { describe, expect, it } from 'vitest';
import { AREAS, HTTP_ROUTES, routeKey, type Area } from '../src/manifest';

const areas = Object.keys(AREAS) as Area[];

describe('route manifest', () => {
  it.each(areas)('the %s handler serves exactly the manifest routes of its area', async (area) => {
    const module = await import(/* @vite-ignore */ new URL(`../${AREAS[area]}`, import.meta.url).href);
    const served: readonly string[] = module.handler.routeKeys ?? [];
    const declared = HTTP_ROUTES.filter((spec) => spec.area === area).map(routeKey);
    expect([...served].sort()).toEqual(declared.sort());
  });

  it('declares each method and path once', () => {
    const keys = HTTP_ROUTES.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
