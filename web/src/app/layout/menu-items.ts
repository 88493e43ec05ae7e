import type { IconType } from 'react-icons';
import {
  LuBookUser,
  LuCalendarClock,
  LuCircleHelp,
  LuCode,
  LuCreditCard,
  LuFlaskConical,
  LuLayers,
  LuLayoutDashboard,
  LuListChecks,
  LuMegaphone,
  LuMessageSquare,
  LuMessagesSquare,
  LuNewspaper,
  LuPlug,
  LuReceipt,
  LuSettings,
  LuSlidersHorizontal,
  LuSmartphone,
  LuTags,
  LuUsers,
  LuZap,
} from 'react-icons/lu';

export interface MenuContext {
  isAdmin: boolean;
  isSuper: boolean;
  /** Company settings, key → value. */
  settings: Record<string, string>;
  /** The company's plan enables integrations. */
  planUseIntegration: boolean;
  localMode: boolean;
}

export interface MenuItem {
  key: string;
  path: string;
  /** i18n key of the label. */
  label: string;
  icon: IconType;
  /** The connections item shows an alert badge when a connection needs attention. */
  attentionBadge?: boolean;
  /** The chat item shows a dot when the user has unread internal messages (spec part 1 §2). */
  unreadDot?: boolean;
}

export interface MenuSection {
  key: string;
  /** i18n key of the heading; none for the first section. */
  title?: string;
  items: MenuItem[];
}

/** Settings are strings; the spec's switches use 'enabled', older ones 'true'. */
export function settingOn(value: string | undefined): boolean {
  return value === 'enabled' || value === 'true';
}

const item = (key: string, path: string, icon: IconType, extra: Partial<MenuItem> = {}): MenuItem => ({
  key,
  path,
  label: `menu.${key}`,
  icon,
  ...extra,
});

/** The side menu, gated exactly as spec part 1 §2 and §6 say. */
export function buildMenu(ctx: MenuContext): MenuSection[] {
  const main: MenuItem[] = [
    ...(ctx.isAdmin ? [item('dashboard', '/', LuLayoutDashboard)] : []),
    item('tickets', '/tickets', LuMessageSquare),
    item('quickMessages', '/quick-messages', LuZap),
    item('contacts', '/contacts', LuBookUser),
    item('schedules', '/schedules', LuCalendarClock),
    item('tags', '/tags', LuTags),
    item('chats', '/chats', LuMessagesSquare, { unreadDot: true }),
    item('helps', '/helps', LuCircleHelp),
    item('connections', '/connections', LuSmartphone, { attentionBadge: true }),
  ];
  const sections: MenuSection[] = [{ key: 'main', items: main }];

  if (settingOn(ctx.settings.campaignsEnabled)) {
    sections.push({
      key: 'campaigns',
      title: 'menu.campaignsGroup',
      items: [
        item('contactLists', '/contact-lists', LuListChecks),
        item('campaigns', '/campaigns', LuMegaphone),
        item('campaignsConfig', '/campaigns-config', LuSlidersHorizontal),
      ],
    });
  }

  if (ctx.isAdmin) {
    sections.push({
      key: 'administration',
      title: 'menu.administration',
      items: [
        ...(ctx.isSuper ? [item('announcements', '/announcements', LuNewspaper)] : []),
        ...(ctx.planUseIntegration ? [item('integrations', '/integrations', LuPlug)] : []),
        item('queues', '/queues', LuLayers),
        item('users', '/users', LuUsers),
        ...(ctx.isSuper || settingOn(ctx.settings.useApi) ? [item('apidocs', '/apidocs', LuCode)] : []),
        item('invoices', '/invoices', LuReceipt),
        item('subscription', '/subscription', LuCreditCard),
        item('settings', '/settings', LuSettings),
      ],
    });
  }

  // The simulator drives the company's connections (disconnect, restrict): an admin's tool, as the
  // session host's control API enforces (issue 30 item 14).
  if (ctx.localMode && ctx.isAdmin) {
    sections.push({ key: 'local', title: 'menu.localTools', items: [item('simulator', '/simulator', LuFlaskConical)] });
  }
  return sections;
}
