/**
 * The one source of truth for what the back end exposes: every HTTP route, WebSocket route,
 * queue consumer and schedule, and the queues themselves. The CDK app (infra/lib) and the
 * local platform (infra/local) both read this file, so AWS and `npm start` cannot drift.
 * Data only: importing it never loads handler code.
 */
import { REALTIME_PING_ACTION, REALTIME_PONG_FRAME } from '@atende/shared';
import { MAX_SESSION_LANES, outboundQueueName, queueUrlEnv, sessionShardCount } from './shared-surface/queue-names';

/** One Lambda per area. The entry module exports `handler`. */
export const AREAS = {
  auth: 'src/handlers/auth/index.ts',
  users: 'src/handlers/users/index.ts',
  whatsapp: 'src/handlers/whatsapp/index.ts',
  realtime: 'src/handlers/realtime/index.ts',
  fanout: 'src/handlers/fanout/index.ts',
  inbound: 'src/handlers/inbound/index.ts',
  dispatch: 'src/handlers/dispatch/index.ts',
  scheduler: 'src/handlers/scheduler/index.ts',
  hostwatch: 'src/handlers/hostwatch/index.ts',
  tickets: 'src/handlers/tickets/index.ts',
  messages: 'src/handlers/messages/index.ts',
  contacts: 'src/handlers/contacts/index.ts',
  queues: 'src/handlers/queues/index.ts',
  billing: 'src/handlers/billing/index.ts',
  plans: 'src/handlers/plans/index.ts',
  signup: 'src/handlers/signup/index.ts',
  companies: 'src/handlers/companies/index.ts',
  helps: 'src/handlers/helps/index.ts',
  platformsettings: 'src/handlers/platformsettings/index.ts',
  announcements: 'src/handlers/announcements/index.ts',
  integrations: 'src/handlers/integrations/index.ts',
  integrationjobs: 'src/handlers/integrationjobs/index.ts',
  webhooks: 'src/handlers/webhooks/index.ts',
  dashboard: 'src/handlers/dashboard/index.ts',
  contactlists: 'src/handlers/contactlists/index.ts',
  campaigns: 'src/handlers/campaigns/index.ts',
  chats: 'src/handlers/chats/index.ts',
} as const;
export type Area = keyof typeof AREAS;

/** Who may call a route. `admin` admits admins and super users; `super` only super users. */
export type Access = 'public' | 'user' | 'admin' | 'super';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** Throttling class: API Gateway applies stricter limits to `auth` and `send`. */
export type ThrottleClass = 'default' | 'auth' | 'send';

export interface HttpRouteSpec {
  method: HttpMethod;
  /** API Gateway resource template, e.g. `/users/{id}`. */
  path: string;
  area: Area;
  access: Access;
  throttle?: ThrottleClass;
}

/**
 * Keeps each route's method, path, area and access as literal types, so handlers are typed from this table.
 * Annotated pure: a bundle that imports other exports of this file (hostwatch) leaves the table out.
 */
const r = /* @__NO_SIDE_EFFECTS__ */ <M extends HttpMethod, P extends string, Ar extends Area, Ac extends Access>(
  method: M,
  path: P,
  area: Ar,
  access: Ac,
  throttle?: ThrottleClass,
) => ({ method, path, area, access, ...(throttle ? { throttle } : {}) });

/**
 * Every HTTP route, declared once: method, path, area and who may call it. A handler serves a route
 * by naming its key (`route('GET /users', {...})` in handlers/<area>/index.ts); the router takes the
 * access from here, and functions/test/route-manifest.test.ts fails when an area's handler and this
 * list disagree.
 */
export const HTTP_ROUTES = [
  // auth — spec part 1 §7
  r('POST', '/auth/login', 'auth', 'public', 'auth'),
  // Not the `auth` class: its stage-wide limit would be shared by every tenant's refreshes (per-IP
  // limits are the edge WAF's and the auth area's).
  r('POST', '/auth/refresh_token', 'auth', 'public'),
  r('DELETE', '/auth/logout', 'auth', 'public', 'auth'),
  r('GET', '/auth/me', 'auth', 'user'),
  r('GET', '/auth/statusAndDueDateAssignature', 'auth', 'user'),
  // users — spec part 1 §7, part 2 §7
  r('GET', '/users', 'users', 'admin'),
  r('GET', '/users/list', 'users', 'user'),
  r('POST', '/users', 'users', 'admin'),
  r('GET', '/users/{id}', 'users', 'user'),
  r('PUT', '/users/{id}', 'users', 'user'),
  r('DELETE', '/users/{id}', 'users', 'admin'),
  r('PUT', '/users/drawer/{userId}', 'users', 'user'),
  // connections — spec part 2 §7
  r('GET', '/whatsapp', 'whatsapp', 'user'),
  r('POST', '/whatsapp', 'whatsapp', 'user'),
  r('GET', '/whatsapp/{id}', 'whatsapp', 'user'),
  r('PUT', '/whatsapp/{id}', 'whatsapp', 'user'),
  r('DELETE', '/whatsapp/{id}', 'whatsapp', 'user'),
  r('POST', '/whatsappsession/{id}', 'whatsapp', 'user'),
  r('PUT', '/whatsappsession/{id}', 'whatsapp', 'user'),
  r('DELETE', '/whatsappsession/{id}', 'whatsapp', 'user'),
  r('POST', '/restartpm2', 'whatsapp', 'super'),
  r('POST', '/facebook', 'whatsapp', 'user'),
  // ticket workspace — spec part 1 §7 "Tickets and messages" (rules: shared/src/policy/tickets.ts)
  r('GET', '/tickets', 'tickets', 'user'),
  r('POST', '/tickets', 'tickets', 'user'),
  r('GET', '/tickets/{id}', 'tickets', 'user'),
  r('GET', '/tickets/u/{uuid}', 'tickets', 'user'),
  r('PUT', '/tickets/{id}', 'tickets', 'user'),
  r('DELETE', '/tickets/{id}', 'tickets', 'user'),
  r('POST', '/ticket-notes', 'tickets', 'user'),
  r('GET', '/ticket-notes/list', 'tickets', 'user'),
  r('DELETE', '/ticket-notes/{id}', 'tickets', 'user'),
  r('GET', '/tags/list', 'tickets', 'user'),
  // the Tags page — spec part 3 §7 "Tags" (counts kept on write: decisions.md "Tags page")
  r('GET', '/tags', 'tickets', 'user'),
  r('GET', '/tags/{id}', 'tickets', 'user'),
  r('PUT', '/tags/{id}', 'tickets', 'user'),
  r('DELETE', '/tags/{id}', 'tickets', 'user'),
  r('POST', '/tags', 'tickets', 'user'),
  r('POST', '/tags/sync', 'tickets', 'user'),
  // API Gateway allows one variable name per path level: `{id}` is the ticket id for GET/POST
  // /messages/{id} and the message id for DELETE /messages/{id} (spec: /messages/{ticketId}).
  r('GET', '/messages/{id}', 'messages', 'user'),
  r('POST', '/messages/{id}', 'messages', 'user', 'send'),
  // not in the spec: presigned S3 uploads for media (decisions.md, "Tickets")
  r('POST', '/messages/{id}/uploads', 'messages', 'user', 'send'),
  r('DELETE', '/messages/{id}', 'messages', 'user'),
  // contacts — spec part 1 §7 "Contacts and schedules"
  r('GET', '/contacts', 'contacts', 'user'),
  r('GET', '/contacts/list', 'contacts', 'user'),
  r('POST', '/contacts', 'contacts', 'user'),
  r('GET', '/contacts/{id}', 'contacts', 'user'),
  r('PUT', '/contacts/{id}', 'contacts', 'user'),
  // the contacts page — spec part 3 §7 "Contacts" (rules: shared/src/policy/contacts.ts); the import is
  // JSON chunks the console read from the file (decisions.md "Contacts page: import in chunks")
  r('DELETE', '/contacts/{id}', 'contacts', 'user'),
  r('DELETE', '/contacts', 'contacts', 'user'),
  r('POST', '/contacts/import', 'contacts', 'user'),
  r('POST', '/contacts/import/phone', 'contacts', 'user'),
  // scheduled messages — spec part 1 §7 "Contacts and schedules", part 3 "Schedules and connections"
  // (rules: shared/src/policy/schedules.ts; sent by the `schedule.send` due job). Served by the messages
  // area, which holds the media bucket their attachments need (decisions.md "Schedules, round 2")
  r('GET', '/schedules', 'messages', 'user'),
  r('POST', '/schedules', 'messages', 'user'),
  r('GET', '/schedules/{id}', 'messages', 'user'),
  r('PUT', '/schedules/{id}', 'messages', 'user'),
  r('DELETE', '/schedules/{id}', 'messages', 'user'),
  // attachments: presigned upload, then attach (decisions.md "Schedules, round 2")
  r('POST', '/schedules/{id}/media-upload', 'messages', 'user', 'send'),
  r('DELETE', '/schedules/{id}/media-upload', 'messages', 'user'),
  // queues and quick messages as the workspace reads them
  r('GET', '/queue', 'queues', 'user'),
  r('POST', '/queue', 'queues', 'admin'),
  r('GET', '/queue/onschedule', 'queues', 'user'),
  r('GET', '/queue/onschedule/{userId}', 'queues', 'user'),
  // the queues page — spec part 3 §2 "Queues page", §7 "Queues"
  r('GET', '/queue/{id}', 'queues', 'admin'),
  r('PUT', '/queue/{id}', 'queues', 'admin'),
  r('DELETE', '/queue/{id}', 'queues', 'admin'),
  r('GET', '/queue-options', 'queues', 'admin'),
  r('POST', '/queue-options', 'queues', 'admin'),
  r('PUT', '/queue-options/{id}', 'queues', 'admin'),
  r('DELETE', '/queue-options/{id}', 'queues', 'admin'),
  r('GET', '/quick-messages/list', 'queues', 'user'),
  // quick replies — spec part 3 §7 "Quick replies" (rules: shared/src/policy/quick-messages.ts). Served by
  // the messages area, which holds the media bucket their attachments need (decisions.md "Quick replies")
  r('POST', '/quick-messages', 'messages', 'user'),
  r('GET', '/quick-messages/{id}', 'messages', 'user'),
  r('PUT', '/quick-messages/{id}', 'messages', 'user'),
  r('DELETE', '/quick-messages/{id}', 'messages', 'user'),
  r('POST', '/quick-messages/{id}/media-upload', 'messages', 'user', 'send'),
  r('DELETE', '/quick-messages/{id}/media-upload', 'messages', 'user'),
  // billing — spec part 2 §2 "Invoices screen", §7 "Invoices", "Subscription payment"
  r('GET', '/invoices/all', 'billing', 'admin'),
  r('GET', '/invoices/listAll', 'billing', 'super'),
  r('DELETE', '/invoices/{id}', 'billing', 'super'),
  r('POST', '/subscription', 'billing', 'admin'),
  // Efí's Pix webhook: authenticated by the secret in its URL (domain/billing/pix-webhook.ts)
  r('POST', '/subscription/webhook', 'billing', 'public', 'auth'),
  // local mode only (404 in AWS): the sandbox's 'simulate payment'
  r('POST', '/subscription/sandbox/{id}/pay', 'billing', 'admin'),
  // plans — spec part 2 §7 "Plans"
  r('GET', '/plans/list', 'plans', 'public'),
  r('GET', '/plans/allPublished', 'plans', 'user'),
  r('GET', '/plans/all', 'plans', 'super'),
  r('GET', '/plans/{id}', 'plans', 'user'),
  r('POST', '/plans', 'plans', 'super'),
  r('PUT', '/plans/{id}', 'plans', 'super'),
  r('DELETE', '/plans/{id}', 'plans', 'super'),
  // sign-up — spec part 1 §7 "Sign-up"
  r('POST', '/leads-web', 'signup', 'public', 'auth'),
  r('GET', '/leads-web', 'signup', 'super'),
  r('POST', '/auth/tokenSignup', 'signup', 'public', 'auth'),
  r('POST', '/auth/validateTokenSignup', 'signup', 'public', 'auth'),
  // local mode only (404 in AWS): the e-mail outbox the sign-up's confirmation link lands in
  r('GET', '/outbox', 'signup', 'public'),
  // companies — spec part 2 §7 "Companies"
  r('GET', '/companies', 'companies', 'super'),
  r('GET', '/companies/listOnline/{minutes}', 'companies', 'super'),
  r('GET', '/companies/{id}', 'companies', 'user'),
  r('POST', '/companies', 'companies', 'super'),
  r('PUT', '/companies/{id}', 'companies', 'super'),
  r('DELETE', '/companies/{id}', 'companies', 'super'),
  // Settings → Hours (admins: their own company; super users: any) — spec part 2 §7 "Companies"
  r('PUT', '/companies/{id}/schedules', 'companies', 'admin'),
  // Settings → Options — spec part 1 §7, part 2 §7 "Settings" (shared/src/schemas/company-settings.ts)
  r('GET', '/settings', 'companies', 'user'),
  r('GET', '/settings/all', 'companies', 'user'),
  r('GET', '/settings/{key}', 'companies', 'user'),
  r('PUT', '/settings/{key}', 'companies', 'admin'),
  // help videos — spec part 2 §7 "Helps"
  r('GET', '/helps', 'helps', 'user'),
  r('GET', '/helps/list', 'helps', 'user'),
  r('POST', '/helps', 'helps', 'super'),
  r('PUT', '/helps/{id}', 'helps', 'super'),
  r('DELETE', '/helps/{id}', 'helps', 'super'),
  // super users' panels — spec part 2 §2 "Options tab", §7 "Payment certificate"
  r('GET', '/platform-settings', 'platformsettings', 'super'),
  r('PUT', '/platform-settings/{key}', 'platformsettings', 'super'),
  r('POST', '/upload-p12', 'platformsettings', 'super'),
  r('DELETE', '/delete-p12', 'platformsettings', 'super'),
  // announcements — spec part 3 §7 "Announcements"
  r('GET', '/announcements', 'announcements', 'user'),
  r('GET', '/announcements/{id}', 'announcements', 'user'),
  r('POST', '/announcements', 'announcements', 'super'),
  r('PUT', '/announcements/{id}', 'announcements', 'super'),
  r('DELETE', '/announcements/{id}', 'announcements', 'super'),
  r('POST', '/announcements/{id}/media-upload', 'announcements', 'super'),
  r('DELETE', '/announcements/{id}/media-upload', 'announcements', 'super'),
  // queue integrations — spec part 2 §2 "Integrations screen", §7 "Queue integrations" (plan useIntegration: policy/integrations.ts)
  r('GET', '/queueIntegration', 'integrations', 'admin'),
  r('GET', '/queueIntegration/{id}', 'integrations', 'admin'),
  r('POST', '/queueIntegration', 'integrations', 'admin'),
  r('PUT', '/queueIntegration/{id}', 'integrations', 'admin'),
  r('DELETE', '/queueIntegration/{id}', 'integrations', 'admin'),
  // the company webhook — spec part 2 §2 "Settings screen" (Webhook panel); docs/webhooks.md
  r('GET', '/webhook', 'integrations', 'admin'),
  r('PUT', '/webhook', 'integrations', 'admin'),
  r('POST', '/webhook/rotate', 'integrations', 'admin'),
  r('GET', '/webhook/deliveries', 'integrations', 'admin'),
  // dashboard — spec part 1 §2, §7 "Dashboard and announcements" (figures kept on write: data/dashboard-days.ts)
  r('GET', '/dashboard', 'dashboard', 'admin'),
  // campaign contact lists and items — spec part 3 §7 "Contact lists and items" (issue 27 item 2); the upload
  // is JSON chunks the console read from the spreadsheet (decisions.md "Contact lists: import in chunks")
  r('GET', '/contact-lists/list', 'contactlists', 'user'),
  r('GET', '/contact-lists', 'contactlists', 'user'),
  r('POST', '/contact-lists', 'contactlists', 'user'),
  r('GET', '/contact-lists/{id}', 'contactlists', 'user'),
  r('PUT', '/contact-lists/{id}', 'contactlists', 'user'),
  r('DELETE', '/contact-lists/{id}', 'contactlists', 'user'),
  r('POST', '/contact-lists/{id}/upload', 'contactlists', 'user'),
  // not in the spec: ask WhatsApp again about a page of the list's unknown numbers (decisions.md "Contact lists: number checks")
  r('POST', '/contact-lists/{id}/check-numbers', 'contactlists', 'user'),
  r('GET', '/contact-list-items', 'contactlists', 'user'),
  r('POST', '/contact-list-items', 'contactlists', 'user'),
  r('GET', '/contact-list-items/{id}', 'contactlists', 'user'),
  r('PUT', '/contact-list-items/{id}', 'contactlists', 'user'),
  r('DELETE', '/contact-list-items/{id}', 'contactlists', 'user'),
  // the contacts page's bulk add to a list (spec part 3 §7 "Contacts"), served with the lists it writes
  r('POST', '/contacts/transferToListCampaigns', 'contactlists', 'user'),
  // internal chat — spec part 3 §7 "Internal chat" (rules: shared/src/policy/chats.ts; members only)
  r('GET', '/chats', 'chats', 'user'),
  // not in the spec: the caller's unread total, for the menu's dot (decisions.md "Internal chat")
  r('GET', '/chats/unread', 'chats', 'user'),
  r('POST', '/chats', 'chats', 'user'),
  r('GET', '/chats/{id}', 'chats', 'user'),
  r('PUT', '/chats/{id}', 'chats', 'user'),
  r('DELETE', '/chats/{id}', 'chats', 'user'),
  r('GET', '/chats/{id}/messages', 'chats', 'user'),
  r('POST', '/chats/{id}/messages', 'chats', 'user', 'send'),
  r('POST', '/chats/{id}/read', 'chats', 'user'),
  // campaigns — spec part 3 §7 "Campaigns", part 2 "Campaign stats" (rules: shared/src/policy/campaigns.ts: companies
  // with campaignsEnabled; everyone reads, admins and supervisors write — decisions.md "Campaigns API")
  r('GET', '/campaigns', 'campaigns', 'user'),
  r('GET', '/campaigns/stats', 'campaigns', 'user'),
  r('POST', '/campaigns', 'campaigns', 'user'),
  r('GET', '/campaigns/{id}', 'campaigns', 'user'),
  r('PUT', '/campaigns/{id}', 'campaigns', 'user'),
  r('DELETE', '/campaigns/{id}', 'campaigns', 'user'),
  r('POST', '/campaigns/{id}/cancel', 'campaigns', 'user'),
  r('POST', '/campaigns/{id}/restart', 'campaigns', 'user'),
  r('GET', '/campaigns/{id}/report', 'campaigns', 'user'),
  r('POST', '/campaigns/{id}/media-upload', 'campaigns', 'user', 'send'),
  r('DELETE', '/campaigns/{id}/media-upload', 'campaigns', 'user'),
  r('GET', '/campaign-settings', 'campaigns', 'user'),
  r('POST', '/campaign-settings', 'campaigns', 'user'),
  // the external send API — spec part 3 §7 "External send API" (issue 27), {host}/api/messages/send: public to
  // API Gateway, authenticated by a connection's bearer token (domain/external-api/api-token.ts). Served by the
  // messages area, which holds the media bucket and outbound queues it needs (decisions.md "External send API")
  r('POST', '/messages/send', 'messages', 'public', 'send'),
  r('GET', '/openapi.json', 'messages', 'public'),
] satisfies HttpRouteSpec[];

type DeclaredRoute = (typeof HTTP_ROUTES)[number];
type KeyOf<R> = R extends { method: infer M extends string; path: infer P extends string } ? `${M} ${P}` : never;
/** `'METHOD /path'` of a declared route, optionally of one area. */
export type RouteKey<A extends Area = Area> = KeyOf<Extract<DeclaredRoute, { area: A }>>;
/** The access the manifest declares for a route key. */
export type RouteAccess<K extends RouteKey> = DeclaredRoute extends infer R
  ? R extends { access: infer Ac }
    ? KeyOf<R> extends K
      ? Ac
      : never
    : never
  : never;
export const routeKey = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

export type WsRouteKey = '$connect' | '$disconnect' | '$default';
/** `returnResponse`: the function's answer body goes back to the socket (a route response). */
export const WS_ROUTES: { routeKey: WsRouteKey; area: Area; returnResponse?: boolean }[] = [
  { routeKey: '$connect', area: 'realtime' },
  { routeKey: '$disconnect', area: 'realtime' },
  { routeKey: '$default', area: 'realtime', returnResponse: true },
];

/**
 * Routes API Gateway answers itself, without invoking a function (a mock integration whose
 * integration response is `response`; the local gateway does the same): the consoles' keep-alive
 * pings (`{"action":"ping"}`, shared REALTIME_PING_ACTION / REALTIME_PONG_FRAME).
 */
export const WS_MOCK_ROUTES: { routeKey: string; response: string }[] = [
  { routeKey: REALTIME_PING_ACTION, response: REALTIME_PONG_FRAME },
];

export interface QueueSpec {
  /** Logical name; the env var holding its URL is `QUEUE_URL_<NAME>` upper-cased with `-` → `_`. */
  name: string;
  fifo: boolean;
  visibilityTimeoutSeconds: number;
  /** Receives before a message goes to the dead-letter queue. */
  maxReceiveCount: number;
}

export { MAX_SESSION_LANES, outboundQueueName, queueUrlEnv, sessionShardCount };

/**
 * `fleet`: the session-host fleet (issue 29) shares shard 0's queue among all its hosts, and a host
 * hands back a command for a connection another host holds, so a command may be received about once
 * per host before its holder gets it: the dead-letter threshold is SQS's maximum instead of 5.
 */
export const FLEET_OUTBOUND_MAX_RECEIVES = 1000;

export function queueSpecs(shards = sessionShardCount(), options: { fleet?: boolean } = {}): QueueSpec[] {
  return [
    { name: 'inbound', fifo: true, visibilityTimeoutSeconds: 60, maxReceiveCount: 5 },
    { name: 'dispatch', fifo: false, visibilityTimeoutSeconds: 120, maxReceiveCount: 5 },
    // Realtime events on their way to the consoles' sockets: FIFO per ticket (platform/realtime-order.ts).
    // Failures come back after 5, 15, 45, 60 s (platform/sqs-retry-backoff.ts): 5 receives ≈ 2 minutes.
    { name: 'realtime', fifo: true, visibilityTimeoutSeconds: 60, maxReceiveCount: 5 },
    // Queue integrations' turns: FIFO per ticket (a Typebot session sees the customer's messages in order).
    { name: 'integrations', fifo: true, visibilityTimeoutSeconds: 180, maxReceiveCount: 3 },
    // Company webhook deliveries: each receive is one attempt; the visibility timeout spaces the retries.
    { name: 'webhooks', fifo: false, visibilityTimeoutSeconds: 60, maxReceiveCount: 8 },
    ...Array.from({ length: shards }, (_, shard) => ({
      name: outboundQueueName(shard),
      fifo: true,
      visibilityTimeoutSeconds: 60,
      maxReceiveCount: options.fleet ? FLEET_OUTBOUND_MAX_RECEIVES : 5,
    })),
  ];
}

/** Lambda event-source mappings. The session host consumes the outbound queues itself. */
export const QUEUE_CONSUMERS: { queue: string; area: Area; batchSize: number; maxBatchingWindowSeconds?: number }[] = [
  { queue: 'inbound', area: 'inbound', batchSize: 10 },
  { queue: 'dispatch', area: 'dispatch', batchSize: 10, maxBatchingWindowSeconds: 1 },
  { queue: 'realtime', area: 'fanout', batchSize: 10 },
  { queue: 'integrations', area: 'integrationjobs', batchSize: 5 },
  { queue: 'webhooks', area: 'webhooks', batchSize: 10 },
];

/** Scheduled invocations (EventBridge rules in AWS, a timer locally). */
export const SCHEDULES: { name: string; area: Area; everyMinutes: number }[] = [
  { name: 'tick', area: 'scheduler', everyMinutes: 1 },
];

/**
 * Events AWS itself emits, delivered by EventBridge rules (AWS only). `detail` is the rule's pattern
 * on the event's detail; `cluster: 'session-host'` narrows it to the session host's ECS cluster.
 * Locally the runner plays this part itself (infra/local/report-shard-down.ts).
 */
export interface EventRuleSpec {
  name: string;
  area: Area;
  source: string;
  detailType: string;
  detail: Record<string, unknown>;
  cluster?: 'session-host';
}

export const EVENT_RULES: EventRuleSpec[] = [
  // A session-host task stopped: report its shard's sessions DISCONNECTED if the host could not.
  {
    name: 'session-host-task-stopped',
    area: 'hostwatch',
    cluster: 'session-host',
    source: 'aws.ecs',
    detailType: 'ECS Task State Change',
    detail: { lastStatus: ['STOPPED'] },
  },
];

/**
 * ECS task-definition family of a session-host shard, `<stack>-session-host-<shard>`. ECS task events
 * carry the task definition ARN (not the task's env or tags), so the hostwatch area reads the shard
 * back from the family; it gets the prefix in SESSION_HOST_TASK_FAMILY_PREFIX.
 */
export const sessionHostTaskFamilyPrefix = (stackName: string) => `${stackName}-session-host-`;
export const sessionHostTaskFamily = (stackName: string, shard: number) =>
  `${sessionHostTaskFamilyPrefix(stackName)}${shard}`;
/** The session host's container in its task definition (the one whose exit code tells a graceful stop). */
export const SESSION_HOST_CONTAINER = 'SessionHost';

/**
 * What each area's Lambda may reach in AWS: the CDK app turns this into least-privilege IAM
 * statements and the matching env vars (locally every process sees everything). The queue an area
 * consumes comes from QUEUE_CONSUMERS. A new area must be listed here (the compiler insists), and
 * `infra/test/cdk-bundles.test.ts` checks each entry against what the area's bundle really calls.
 */
export interface AreaAccess {
  /** RO: GetItem, BatchGetItem, Query, ConditionCheckItem. RW adds PutItem, UpdateItem, DeleteItem, BatchWriteItem. Never Scan. */
  table: 'RO' | 'RW';
  /**
   * Limits the table grant to items whose partition key matches one of these patterns (IAM
   * `dynamodb:LeadingKeys`); the reads are then GetItem and Query only, and no index.
   */
  tablePartitions?: string[];
  /** Queues the area sends to, by logical name; `outbound` stands for every `outbound-<shard>` queue. */
  sendsTo?: ('inbound' | 'dispatch' | 'outbound' | 'realtime' | 'integrations' | 'webhooks')[];
  /** Media objects under `C#<companyId>/media/`: `read` (signed downloads) or `readWrite` (uploads too). */
  media?: 'read' | 'readWrite';
  /** Lists and deletes every object under a company's prefix `C#<companyId>/` (a deleted company). */
  purgesMedia?: boolean;
  /**
   * Scans the whole table's keys: the grant allows Scan returning `PK` and `SK` only, so no other
   * attribute (device keys included) leaves the table. No area needs it (the company purge walks the
   * company's own partitions, data/company-partitions.ts).
   */
  scansTableKeys?: boolean;
  /**
   * Deployment settings the area's code reads (the CDK stack provides each): `publicUrl` → PUBLIC_URL
   * (links in e-mails), `emailSender` → EMAIL_FROM and SES send rights for that sender only,
   * `providerCredentials` → PROVIDER_CREDENTIALS_ARN (Secrets Manager, read by ARN: the Efí secret and
   * certificate, the SendGrid key, the Pix webhook token; platform/provider-credentials.ts), `integrationKey` →
   * INTEGRATION_SECRET_KEY_ARN (the key that seals integration and webhook secrets, platform/secret-box.ts).
   */
  reads?: ('publicUrl' | 'emailSender' | 'providerCredentials' | 'integrationKey')[];
  /** Writes the provider-credentials secret (`secretsmanager:PutSecretValue` on it): the settings panels only. */
  writesProviderCredentials?: boolean;
  /** Signs or verifies access tokens (the JWT secret). */
  jwt?: boolean;
  /** Posts realtime frames to browsers (WebSocket @connections). */
  realtime?: boolean;
}

export const AREA_ACCESS: Record<Area, AreaAccess> = {
  auth: { table: 'RW', jwt: true, sendsTo: ['realtime'] },
  users: { table: 'RW', jwt: true, sendsTo: ['realtime'] },
  whatsapp: { table: 'RW', jwt: true, sendsTo: ['outbound', 'realtime'] },
  realtime: { table: 'RW', jwt: true },
  // The only area that posts to sockets: reads sockets, users and settings; forgets dead sockets.
  // sendsTo webhooks: it hands ticket and message events to the company webhook (domain/webhooks/webhook-events.ts)
  fanout: { table: 'RW', realtime: true, sendsTo: ['webhooks'] },
  // sendsTo outbound: bots answer from the inbound worker (domain/bots); integrations: queue integrations' turns
  inbound: { table: 'RW', sendsTo: ['realtime', 'outbound', 'integrations'], media: 'read' },
  // purgesMedia: the company purge job deletes a deleted company's objects (its items it walks partition by partition)
  dispatch: { table: 'RW', sendsTo: ['outbound', 'realtime', 'dispatch'], media: 'read', purgesMedia: true },
  // sendsTo inbound: DISCONNECTED for the connections of a dead fleet host nobody claimed (domain/connections/fleet-down.ts)
  scheduler: { table: 'RW', sendsTo: ['dispatch', 'inbound'] },
  hostwatch: { table: 'RO', tablePartitions: ['P#SHARD#*'], sendsTo: ['inbound'] },
  tickets: { table: 'RW', jwt: true, sendsTo: ['outbound', 'realtime'], media: 'read' },
  messages: { table: 'RW', jwt: true, sendsTo: ['outbound', 'realtime'], media: 'readWrite' },
  contacts: { table: 'RW', jwt: true, sendsTo: ['realtime'] },
  // sendsTo realtime: queue events; a deleted queue's tickets move to "no queue" (their ticket events)
  queues: { table: 'RW', jwt: true, sendsTo: ['realtime'] },
  // the Efí certificate comes from the provider credentials, not the bucket: no media grant
  billing: { table: 'RW', jwt: true, sendsTo: ['realtime'], reads: ['providerCredentials'] },
  plans: { table: 'RW', jwt: true },
  signup: { table: 'RW', jwt: true, reads: ['publicUrl', 'emailSender', 'providerCredentials'] },
  // deleting a company logs its connections out (outbound) and queues the purge job (due index)
  companies: { table: 'RW', jwt: true, sendsTo: ['realtime', 'outbound'] },
  helps: { table: 'RW', jwt: true },
  // the credentials panels write the provider-credentials secret (read back to merge and to say "set")
  platformsettings: { table: 'RW', jwt: true, reads: ['providerCredentials'], writesProviderCredentials: true },
  announcements: { table: 'RW', jwt: true, sendsTo: ['realtime'], media: 'readWrite' },
  // reads the day aggregates, the users and their sockets; its one write is the company's request
  // counter (platform/company-rate-limit.ts), which every REST area makes
  dashboard: { table: 'RW', jwt: true },
  integrations: { table: 'RW', jwt: true, sendsTo: ['realtime'], reads: ['integrationKey'] },
  // runs queue integrations: answers customers (outbound) and tells the consoles (realtime)
  integrationjobs: { table: 'RW', sendsTo: ['outbound', 'realtime'], media: 'read', reads: ['integrationKey'] },
  webhooks: { table: 'RW', reads: ['integrationKey'] },
  // campaign contact lists: their items and counts, the due index (a deleted list's purge job), list events
  contactlists: { table: 'RW', jwt: true, sendsTo: ['outbound', 'realtime'] },
  // schedules campaign starts on the due index; a restart queues the sending engine's steps (dispatch,
  // domain/campaign-sending/control.ts)
  campaigns: { table: 'RW', jwt: true, sendsTo: ['realtime', 'dispatch'], media: 'readWrite' },
  chats: { table: 'RW', jwt: true, sendsTo: ['realtime'] },
};
