import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appRoutes } from '@/app/router';
import { AdminRoute, CampaignsRoute } from '@/app/routes/guards';
import { campaignsFlagSet } from '@/lib/local-flags';

const paths = (routes: RouteObject[]): string[] =>
  routes.flatMap((route) => [...(route.path ? [route.path] : []), ...paths(route.children ?? [])]);

describe('route table (spec part 1 §2)', () => {
  it('registers the campaign area behind the CampaignsRoute guard (which reads the cshow flag)', () => {
    const campaignPaths = [
      'contact-lists',
      'contact-lists/:contactListId/contacts',
      'campaigns',
      'campaign/:campaignId/report',
      'campaigns-config',
    ];
    const all = (routes: RouteObject[]): RouteObject[] => routes.flatMap((route) => [route, ...all(route.children ?? [])]);
    const guard = all(appRoutes()).find(
      (route) => (route.element as { type?: unknown } | undefined)?.type === CampaignsRoute,
    );
    expect(paths(guard?.children ?? [])).toEqual(campaignPaths);
  });

  it('reads the flag as present whatever its value, absent when storage is blocked', () => {
    expect(campaignsFlagSet({ getItem: () => '' })).toBe(true);
    expect(campaignsFlagSet({ getItem: () => null })).toBe(false);
    expect(
      campaignsFlagSet({
        getItem: () => {
          throw new Error('SecurityError');
        },
      }),
    ).toBe(false);
  });

  it('puts the simulator behind the admin guard, and lets the announcements page answer non-super users itself (issue 30 items 12, 14)', () => {
    const all = (routes: RouteObject[]): RouteObject[] => routes.flatMap((route) => [route, ...all(route.children ?? [])]);
    const adminRoute = all(appRoutes()).find(
      (route) => (route.element as { type?: unknown } | undefined)?.type === AdminRoute,
    );
    const adminPaths = paths(adminRoute?.children ?? []);
    expect(adminPaths).toEqual(expect.arrayContaining(['simulator', 'subscription', 'users']));
    expect(adminPaths).not.toContain('announcements');
    expect(paths(appRoutes())).toContain('announcements');
  });

  it('loads every screen lazily, so the sign-in page does not carry them', () => {
    const all = (routes: RouteObject[]): RouteObject[] => routes.flatMap((route) => [route, ...all(route.children ?? [])]);
    const screens = all(appRoutes()).filter((route) => route.path && !route.element);
    expect(screens.map((route) => route.path)).toEqual(
      expect.arrayContaining(['/login', 'users', 'connections', 'tickets/:ticketId?']),
    );
    for (const route of screens) expect(typeof route.lazy, route.path).toBe('function');
  });
});
