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

export type FixtureKind =
  | 'user'
  | 'connection'
  | 'ticket'
  | 'ticketUuid'
  | 'contact'
  | 'note'
  | 'schedule'
  | 'company'
  | 'invoice'
  | 'plan'
  | 'platformRecord'
  | 'settingKey'
  | 'minutes'
  | 'queue'
  | 'queueOption'
  | 'companySettingKey'
  | 'tag'
  | 'quickMessage'
  | 'queueIntegration'
  | 'contactList'
  | 'contactListItem'
  | 'campaign'
  | 'chat';

/**
 * Kinds that name no record of a tenant: the route acts on the caller's own company whatever the
 * value (`PUT /settings/{key}` writes the caller's setting), so a 2xx is not a breach.
 */
export const OWN_COMPANY_KINDS: ReadonlySet<FixtureKind> = new Set(['companySettingKey']);

export const PARAM_KINDS: Record<string, FixtureKind> = {
  'users/{id}': 'user',
  'drawer/{userId}': 'user',
  'whatsapp/{id}': 'connection',
  'whatsappsession/{id}': 'connection',
  'tickets/{id}': 'ticket',
  'u/{uuid}': 'ticketUuid',
  // GET/POST take the ticket id, DELETE a message id: a ticket id reaches the tenant check in all three.
  'messages/{id}': 'ticket',
  'ticket-notes/{id}': 'note',
  'contacts/{id}': 'contact',
  'schedules/{id}': 'schedule',
  'companies/{id}': 'company',
  'invoices/{id}': 'invoice',
  'sandbox/{id}': 'invoice',
  'plans/{id}': 'plan',
  // Platform records (no tenant owns them): super users write them, everyone may read them.
  'helps/{id}': 'platformRecord',
  'announcements/{id}': 'platformRecord',
  '{key}': 'settingKey',
  'settings/{key}': 'companySettingKey',
  'queue/{id}': 'queue',
  'queue-options/{id}': 'queueOption',
  'tags/{id}': 'tag',
  'quick-messages/{id}': 'quickMessage',
  'queueIntegration/{id}': 'queueIntegration',
  'contact-lists/{id}': 'contactList',
  'contact-list-items/{id}': 'contactListItem',
  'campaigns/{id}': 'campaign',
  'chats/{id}': 'chat',
  // a time window, not a record: the route is for super users and names nothing of a tenant
  '{minutes}': 'minutes',
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
    case 'ticket':
      return tenant.ticket.id;
    case 'ticketUuid':
      return tenant.ticket.uuid;
    case 'contact':
      return tenant.ticket.contactId;
    case 'note':
      return tenant.noteId;
    case 'schedule':
      return tenant.scheduleId;
    case 'company':
      return tenant.companyId;
    case 'invoice':
      return tenant.invoiceId;
    case 'plan':
      return tenant.planId;
    case 'platformRecord':
      return '01PLATFORMRECORD0000000000';
    case 'settingKey':
      return 'efiClientId';
    case 'minutes':
      return '10';
    case 'queue':
      return tenant.queueId;
    case 'queueOption':
      return tenant.queueOptionId;
    case 'companySettingKey':
      return 'userRating';
    case 'tag':
      return tenant.tagId;
    case 'quickMessage':
      return tenant.quickMessageId;
    case 'queueIntegration':
      return tenant.queueIntegrationId;
    case 'contactList':
      return tenant.campaigns.contactListId;
    case 'contactListItem':
      return tenant.campaigns.contactListItemId;
    case 'campaign':
      return tenant.campaigns.campaignId;
    case 'chat':
      return tenant.campaigns.chatId;
  }
}

const unique = () => Math.random().toString(36).slice(2, 10);
const phoneNumber = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const invadingFile = { fileName: 'invasor.pdf', mimetype: 'application/pdf', size: 100 };
/** A full campaign on `owner`'s list and connection. */
const campaignOn = (owner: Tenant) => ({
  name: `Campanha invasora ${unique()}`,
  message1: 'oferta invasora',
  contactListId: owner.campaigns.contactListId,
  whatsappIds: [owner.connection.id],
});

/** A sample request part, built from the victim's records (and the attacker's, for a valid body of its own). */
type Sample<T> = (victim: Tenant, attacker: Tenant) => T;

/** Valid bodies, so an attack passes validation and reaches the route's tenant checks. */
export const SAMPLE_BODIES: Record<string, Sample<Record<string, unknown>>> = {
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
  'POST /queue': () => ({ name: `Fila ${unique()}`, color: '#123456' }),
  // ticket workspace: the attacker names the victim's ticket and contact
  // A queue named so an operator's request passes the 'Selecione uma fila' rule and meets the tenant check.
  'POST /tickets': (a) => ({ contactId: a.ticket.contactId, queueId: 'FILA-INVASORA', status: 'open' }),
  'PUT /tickets/{id}': () => ({ status: 'open' }),
  'POST /ticket-notes': (a) => ({ note: 'nota invasora', ticketId: a.ticket.id, contactId: a.ticket.contactId }),
  'POST /tags': () => ({ name: `Tag ${unique()}`, color: '#123456' }),
  'POST /tags/sync': (a) => ({ ticketId: a.ticket.id, tags: [] }),
  'POST /messages/{id}': () => ({ body: 'mensagem invasora' }),
  'POST /messages/{id}/uploads': () => ({ files: [{ fileName: 'nota.pdf', mimetype: 'application/pdf', size: 100 }] }),
  'POST /contacts': () => ({ name: 'Contato Invasor', number: `5511${String(Date.now()).slice(-9)}` }),
  'PUT /contacts/{id}': () => ({ name: 'Contato Tomado', number: `5511${String(Date.now()).slice(-9)}` }),
  // the attacker names the victim's contact for a bulk delete; imports into its own company only
  'DELETE /contacts': (a) => ({ contactIds: [a.ticket.contactId] }),
  'POST /contacts/import': () => ({
    rows: [{ line: 2, name: 'Contato Importado', number: `+55 11 9${String(Date.now()).slice(-8)}`, email: '' }],
  }),
  // the attacker schedules a message to the victim's contact, from the victim's ticket
  'POST /schedules': (a) => ({
    body: 'mensagem agendada invasora',
    contactId: a.ticket.contactId,
    ticketId: a.ticket.id,
    sendAt: new Date(Date.now() + 3_600_000).toISOString(),
  }),
  'PUT /schedules/{id}': () => ({ body: 'agendamento tomado', sendAt: new Date(Date.now() + 7_200_000).toISOString() }),
  'POST /schedules/{id}/media-upload': () => ({
    typeArch: 'schedule',
    file: { fileName: 'invasor.pdf', mimetype: 'application/pdf', size: 100 },
  }),
  // SaaS: checkout of the victim's invoice; public sign-up and webhook calls name nothing of the victim
  'POST /subscription': (a) => ({
    firstName: 'Invasor',
    lastName: 'B',
    address2: 'Rua B, 2',
    city: 'São Paulo',
    state: 'SP',
    zipcode: '01001-000',
    country: 'BR',
    planId: a.planId,
    invoiceId: a.invoiceId,
  }),
  'POST /subscription/webhook': () => ({ pix: [] }),
  'POST /leads-web': (a) => ({
    name: `Loja ${unique()}`,
    vat: '54.550.752/0001-55',
    namePersonal: 'Maria Souza',
    email: `lead-${unique()}@example.com`,
    phone: '11 98888-7777',
    password: 'segredo1',
    planId: a.planId,
    terms: true,
  }),
  'POST /auth/tokenSignup': () => ({ email: `lead-${unique()}@example.com` }),
  'POST /auth/validateTokenSignup': () => ({ token: `token-invalido-${unique()}` }),
  'PUT /queue/{id}': () => ({ name: 'Fila invasora', color: '#0A0B0C', greetingMessage: 'invasão' }),
  'POST /queue-options': (a) => ({ queueId: a.queueId, title: 'Opção invasora' }),
  'PUT /queue-options/{id}': () => ({ title: 'Opção invasora' }),
  'PUT /companies/{id}/schedules': () => ({ schedules: [{ weekdayEn: 'monday', startTime: '00:00', endTime: '23:59' }] }),
  'PUT /settings/{key}': () => ({ value: 'enabled' }),
  'PUT /tags/{id}': () => ({ name: 'Etiqueta tomada', color: '#123456' }),
  'POST /quick-messages': () => ({ shortcode: `invasor${unique()}`, message: 'resposta invasora' }),
  'PUT /quick-messages/{id}': () => ({ message: 'resposta tomada' }),
  'POST /quick-messages/{id}/media-upload': () => ({
    typeArch: 'quickMessage',
    file: { fileName: 'invasor.pdf', mimetype: 'application/pdf', size: 100 },
  }),
  'POST /queueIntegration': () => ({ name: `invasora${unique()}`, type: 'n8n', urlApi: 'https://example.test/n8n' }),
  'PUT /queueIntegration/{id}': () => ({ name: `tomada${unique()}`, type: 'n8n', urlApi: 'https://example.test/n8n' }),
  // the caller's own company's webhook: a URL on the attacker's side names nothing of the victim
  'PUT /webhook': () => ({ url: 'https://example.test/hook' }),
  // the phone import names the victim's connection; the bulk add the victim's contact and list
  'POST /contacts/import/phone': (a) => ({ whatsappId: a.connection.id }),
  'POST /contacts/transferToListCampaigns': (a) => ({
    contactIds: [a.ticket.contactId],
    contactListId: a.campaigns.contactListId,
  }),
  'POST /contact-lists': () => ({ name: `Lista invasora ${unique()}` }),
  'PUT /contact-lists/{id}': () => ({ name: 'Lista tomada' }),
  'POST /contact-lists/{id}/upload': () => ({
    rows: [{ line: 2, name: 'Item Importado', number: phoneNumber(), email: '' }],
  }),
  'POST /contact-list-items': (a) => ({
    name: 'Item invasor',
    number: phoneNumber(),
    contactListId: a.campaigns.contactListId,
  }),
  'PUT /contact-list-items/{id}': () => ({ name: 'Item tomado', number: phoneNumber() }),
  // a new campaign on the victim's list and connection (refused as invalid fields: OWNERSHIP_CHECKED_FIELDS);
  // the victim's campaign saved with the attacker's own target, so the save reaches the campaign's lookup
  'POST /campaigns': (a) => campaignOn(a),
  'PUT /campaigns/{id}': (_a, own) => campaignOn(own),
  'POST /campaigns/{id}/media-upload': () => ({ file: invadingFile }),
  'POST /campaign-settings': () => ({
    settings: { messageInterval: 5, longerIntervalAfter: 10, greaterInterval: 30, variables: [] },
  }),
  // a chat whose members are the victim's users, and a message into the victim's chat
  'POST /chats': (a) => ({
    title: `Chat invasor ${unique()}`,
    users: [a.admin, a.operator].map((u) => ({ id: u.user.id, name: u.user.name })),
  }),
  'PUT /chats/{id}': (a) => ({ title: 'Chat tomado', users: [{ id: a.admin.user.id }] }),
  'POST /chats/{id}/messages': () => ({ message: 'recado invasor' }),
};

/**
 * Body fields naming the victim's records that a route refuses as invalid (400 ERR_VALIDATION on those
 * fields only): that refusal is the route's tenant check, not an invalid sample. The isolation suite
 * proves it: the same body naming the attacker's own records is accepted.
 */
export const OWNERSHIP_CHECKED_FIELDS: Record<string, readonly string[]> = {
  'POST /campaigns': ['contactListId', 'whatsappIds'],
};

export const SAMPLE_QUERIES: Record<string, Sample<Record<string, string>>> = {
  'GET /ticket-notes/list': (a) => ({ ticketId: a.ticket.id, contactId: a.ticket.contactId }),
  'GET /queue-options': (a) => ({ queueId: a.queueId, parentId: '-1' }),
  'GET /schedules': (a) => ({ contactId: a.ticket.contactId }),
  'GET /contact-list-items': (a) => ({ contactListId: a.campaigns.contactListId }),
  'DELETE /schedules/{id}/media-upload': () => ({ originalName: 'contrato.pdf' }),
  'DELETE /quick-messages/{id}/media-upload': () => ({ originalName: 'contrato.pdf' }),
  'GET /dashboard': () => ({ days: '7' }),
};

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

export const sampleBody = (route: HttpRouteSpec, victim: Tenant, attacker: Tenant) =>
  SAMPLE_BODIES[routeKey(route)]?.(victim, attacker) ?? {};
export const sampleQuery = (route: HttpRouteSpec, victim: Tenant, attacker: Tenant) =>
  SAMPLE_QUERIES[routeKey(route)]?.(victim, attacker) ?? {};
export const takesBody = (route: HttpRouteSpec) =>
  route.method === 'POST' ||
  route.method === 'PUT' ||
  route.method === 'PATCH' ||
  (route.method === 'DELETE' && routeKey(route) in SAMPLE_BODIES);

/** Every route of the manifest: what the suites iterate, so a route added there is covered here. */
export const manifestRoutes = (): HttpRouteSpec[] => HTTP_ROUTES;
