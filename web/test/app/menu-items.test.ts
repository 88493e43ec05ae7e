import { describe, expect, it } from 'vitest';
import { buildMenu, type MenuContext } from '@/app/layout/menu-items';

const operator: MenuContext = { isAdmin: false, isSuper: false, settings: {}, planUseIntegration: false, localMode: false };
const admin: MenuContext = { ...operator, isAdmin: true };

const keys = (ctx: MenuContext) => buildMenu(ctx).flatMap((section) => section.items.map((item) => item.key));
const sectionKeys = (ctx: MenuContext) => buildMenu(ctx).map((section) => section.key);

describe('side menu gating (spec part 1 §2, §6)', () => {
  it('gives operators the work items only', () => {
    expect(keys(operator)).toEqual([
      'tickets',
      'quickMessages',
      'contacts',
      'schedules',
      'tags',
      'chats',
      'helps',
      'connections',
    ]);
  });

  it('adds the dashboard and the administration group for admins', () => {
    expect(keys(admin)[0]).toBe('dashboard');
    expect(sectionKeys(admin)).toContain('administration');
    expect(keys(admin)).toEqual(expect.arrayContaining(['queues', 'users', 'invoices', 'settings']));
  });

  it('shows announcements to super users only', () => {
    expect(keys(admin)).not.toContain('announcements');
    expect(keys({ ...admin, isSuper: true })).toContain('announcements');
  });

  it('shows integrations only when the plan has useIntegration', () => {
    expect(keys(admin)).not.toContain('integrations');
    expect(keys({ ...admin, planUseIntegration: true })).toContain('integrations');
  });

  it('shows API docs to super users or when useApi is on', () => {
    expect(keys(admin)).not.toContain('apidocs');
    expect(keys({ ...admin, isSuper: true })).toContain('apidocs');
    expect(keys({ ...admin, settings: { useApi: 'enabled' } })).toContain('apidocs');
    expect(keys({ ...admin, settings: { useApi: 'disabled' } })).not.toContain('apidocs');
  });

  it('shows the three campaign items only when campaignsEnabled is on', () => {
    expect(keys(operator)).not.toContain('campaigns');
    expect(keys({ ...operator, settings: { campaignsEnabled: 'true' } })).toEqual(
      expect.arrayContaining(['contactLists', 'campaigns', 'campaignsConfig']),
    );
  });

  it('never shows admin items to operators, whatever the settings', () => {
    const loaded = { ...operator, isSuper: false, planUseIntegration: true, settings: { useApi: 'enabled' } };
    expect(keys(loaded)).not.toEqual(expect.arrayContaining(['users']));
    expect(keys(loaded)).not.toContain('apidocs');
    expect(keys(loaded)).not.toContain('integrations');
  });

  it('marks the connections item for the attention badge', () => {
    const connections = buildMenu(operator)[0]!.items.find((item) => item.key === 'connections');
    expect(connections?.attentionBadge).toBe(true);
  });

  it('adds the simulator in local mode, for admins only (issue 30 item 14)', () => {
    expect(keys({ ...admin, localMode: true })).toContain('simulator');
    expect(keys(admin)).not.toContain('simulator');
    expect(keys({ ...operator, localMode: true })).not.toContain('simulator');
  });

  it('links the subscription screen in the administration group (issue 30 item 11)', () => {
    const administration = buildMenu(admin).find((section) => section.key === 'administration');
    expect(administration?.items.find((item) => item.key === 'subscription')?.path).toBe('/subscription');
    expect(keys(operator)).not.toContain('subscription');
  });
});
