/**
 * The map of a company's partitions, for its purge (company-purge.ts): every kind of tenant partition
 * (`C#<cid>#<KIND>[#<id>…]`) and how it is reached without a Scan — O(company), never O(table).
 *
 *   fixed      one partition per company: `C#<cid>#<KIND>`, a seed of every pass
 *   by id      one partition per connection, ticket, user, number, search bucket…: reached from the
 *              items that name the id (an attribute, a sort key, a word of an indexed text)
 *   index      a GSI partition key only (no table item is stored under it); some are read as lists
 *              of the table partitions they point to (the ticket lists, a user's refresh families)
 *              or of platform items naming the company (its entries on the due index)
 *   not purged the session host's WhatsApp keys (only its role may touch them: it wipes a connection's
 *              credentials and Signal keys on `session.logout`, the rest expires by TTL) and the
 *              external API's idempotency keys (ids chosen by the caller, 24 h TTL)
 *
 * A test reads every `tenantPk(…, '<KIND>'…)` of the data layer and fails on a kind missing here,
 * so a family added later cannot be forgotten by the purge.
 */
import { TICKET_STATUSES } from '@atende/shared';
import { apiTokenDigest } from './connection-token-locks';
import { contactSearchTokens } from './contacts';
import { normaliseCompanyName } from './companies';
import { platformPk, tenantPk } from './keys';
import { bucketOf, messageTokensEverIndexed } from './search-tokens';
import { shardSessionKey } from './shard-registry';
import { queueList, userList } from './ticket-lists';
import type { Item } from './table-operations';
import { hasUuidItem } from './tickets';
import { userSearchTokens } from './users';

type Reach = 'fixed' | 'byId' | 'index' | 'notPurged';

export const PARTITION_KINDS: Record<string, Reach> = {
  ...fixed(
    'COMPANY USER COUNTER USERINDEX SETTING WAPP WAPPMETA CONTACT CONTACTKEY WS JOBRUN TCOUNT QUEUECOLOR ' +
      'QUEUEOPTREF TAG NOTE QUICKMSG DASHDAY SCHED INVOICE INVOICEPERIOD QINT WEBHOOK WEBHOOKLOG WEBHOOKDONE ' +
      'WEBHOOKTKT CAMP CAMPCOUNT CAMPSET CLIST CLISTCOUNT CPROG CCONF AUDIENCE TAGBACKFILL',
  ),
  // by connection id
  MSG: 'byId',
  MSGDONE: 'byId',
  ABOOK: 'byId',
  WAFLEET: 'byId',
  CQUOTA: 'byId',
  // by ticket, contact, message, queue, user, chat, list, campaign, number
  TICKET: 'byId',
  TKINT: 'byId',
  TICKETUUID: 'byId',
  CONVO: 'byId',
  CONTACTTICKETS: 'byId',
  MSGREF: 'byId',
  QUEUE: 'byId',
  QUEUEOPT: 'byId',
  SESSION: 'byId',
  CHATUSER: 'byId',
  RATING: 'byId',
  CHAT: 'byId',
  CLI: 'byId',
  CPACER: 'byId',
  CSHIP: 'byId',
  CHELD: 'byId',
  TAGGED: 'byId', // by tag: from the tag and from every ticket carrying its id (a deleted tag's too)
  WANUM: 'byId',
  // CCONF#<number> shares its kind with the fixed CCONF (the window item)
  // search buckets: the first 3 characters of the words of the texts they index
  TIX: 'byId',
  CIX: 'byId',
  UIX: 'byId',
  SIX: 'byId',
  KIX: 'byId',
  ...index('TQ TU WAPPMSG TICKETMSG USERSESSIONS CONTACTNAME TICKETNOTES CONTACTSCHED SCHEDAT QUEUES TAGNAME CLISTNAME'),
  CLIWACHECK: 'index', // list items waiting for a number check's answer (contact-list-items.ts)
  DUEJOBS: 'index', // the company's entries on the platform's due index (due-work.ts)
  WAAUTH: 'notPurged',
  IDEMP: 'notPurged',
};

function fixed(kinds: string): Record<string, Reach> {
  return Object.fromEntries(kinds.split(' ').map((k) => [k, 'fixed' as const]));
}
function index(kinds: string): Record<string, Reach> {
  return Object.fromEntries(kinds.split(' ').map((k) => [k, 'index' as const]));
}

/** A partition to empty (table) or to read as a list of table partitions (index). */
export interface PartitionRef {
  pk: string;
  index?: 'GSI1' | 'GSI2';
}

export interface TableKey {
  PK: string;
  SK: string;
}

export interface References {
  partitions: PartitionRef[];
  /** Platform items naming the company (locks, lookups), deleted only while they still name it. */
  platformKeys: TableKey[];
}

const NO_ID = null;

/** What every pass starts from: the fixed partitions, the lists without a queue or user, the ids kept at deletion. */
export function seedReferences(companyId: string, kept: { connectionIds: string[]; userIds: string[] }): References {
  const refs = new ReferenceSet(companyId);
  for (const [kind, reach] of Object.entries(PARTITION_KINDS)) if (reach === 'fixed') refs.table(tenantPk(companyId, kind));
  refs.index({ pk: tenantPk(companyId, 'QUEUES'), index: 'GSI1' });
  refs.index({ pk: tenantPk(companyId, 'DUEJOBS'), index: 'GSI1' });
  refs.queue(NO_ID);
  refs.user(NO_ID);
  kept.connectionIds.forEach((id) => refs.connection(id));
  kept.userIds.forEach((id) => refs.user(id));
  refs.platform({ PK: platformPk('COMPANIES'), SK: companyId });
  refs.platform({ PK: platformPk('LASTSEEN'), SK: companyId });
  return refs.done();
}

/** The kind of a tenant partition key of the company (`C#<cid>#TICKET#01…` → `TICKET`). */
export const kindOf = (companyId: string, pk: string) => pk.slice(tenantPk(companyId).length + 1).split('#')[0]!;

/** Partitions the purge may empty: the company's own, except the ones it never touches. */
export const isPurgeable = (companyId: string, pk: string) =>
  pk.startsWith(`${tenantPk(companyId)}#`) && PARTITION_KINDS[kindOf(companyId, pk)] !== 'notPurged';

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
const texts = (value: unknown) => (Array.isArray(value) ? value.map(text).filter((v) => v !== undefined) : []);

/** What the items of an index list name: the company's table partitions, or platform items of the company. */
export function listedReferences(companyId: string, items: Item[]): References {
  const refs = new ReferenceSet(companyId);
  for (const item of items) {
    const key = { PK: String(item.PK), SK: String(item.SK) };
    if (key.PK.startsWith(`${tenantPk(companyId)}#`)) refs.table(key.PK);
    else if (item.companyId === companyId) refs.platform(key);
  }
  return refs.done();
}

/** Every partition and platform key an item of the company names (read before the item is deleted). */
export function referencesOf(companyId: string, item: Item): References {
  const refs = new ReferenceSet(companyId);
  const pk = String(item.PK);
  const sk = String(item.SK);
  const kind = kindOf(companyId, pk);
  const idPart = pk.split('#').slice(3); // the ids after the kind

  // Attributes any entity may carry.
  refs.connection(text(item.connectionId));
  texts(item.whatsappIds).forEach((id) => refs.connection(id));
  refs.ticket(text(item.ticketId));
  refs.contact(text(item.contactId));
  refs.user(text(item.userId));
  refs.queue(text(item.queueId));
  texts(item.queueIds).forEach((id) => refs.queue(id));
  refs.campaign(text(item.campaignId));
  texts(item.tagIds).forEach((id) => refs.tag(id));
  refs.number(text(item.number));
  if (Array.isArray(item.members)) item.members.forEach((m) => refs.user(text((m as Item)?.userId)));

  switch (kind) {
    case 'WAPP': {
      refs.connection(sk);
      const token = text(item.token);
      if (token) {
        refs.platform({ PK: platformPk('APITOKENH', apiTokenDigest(token).toString('hex')), SK: 'APITOKEN' });
        refs.platform({ PK: platformPk('APITOKEN', token), SK: 'APITOKEN' });
      }
      if (typeof item.shard === 'number') refs.platform(shardSessionKey(item.shard, companyId, sk));
      break;
    }
    case 'USER':
      refs.user(sk);
      refs.buckets('UIX', userSearchTokens({ name: String(item.name ?? ''), email: String(item.email ?? '') }));
      if (text(item.email)) refs.platform({ PK: platformPk('EMAIL', String(item.email).toLowerCase()), SK: 'EMAIL' });
      refs.platform({ PK: platformPk('USERID', sk), SK: 'USERID' });
      break;
    case 'COMPANY':
      if (text(item.name))
        refs.platform({ PK: platformPk('COMPANYNAME', normaliseCompanyName(String(item.name))), SK: 'NAME' });
      break;
    case 'CONTACT':
      refs.contact(sk);
      refs.buckets(
        'CIX',
        contactSearchTokens({ name: String(item.name ?? ''), number: String(item.number ?? ''), isGroup: !!item.isGroup }),
      );
      break;
    case 'TICKET':
      refs.ticket(text(item.id));
      if (text(item.uuid) && hasUuidItem({ id: String(item.id ?? ''), uuid: String(item.uuid) }))
        refs.table(tenantPk(companyId, 'TICKETUUID', String(item.uuid)));
      if (text(item.connectionId) && text(item.contactId))
        refs.table(tenantPk(companyId, 'CONVO', String(item.connectionId), String(item.contactId)));
      break;
    case 'MSG':
      if (text(item.id)) refs.table(tenantPk(companyId, 'MSGREF', String(item.id)));
      refs.buckets('TIX', [
        ...messageTokensEverIndexed(String(item.body ?? '')),
        ...messageTokensEverIndexed(String(item.editedMessage ?? '')),
      ]);
      break;
    case 'CONTACTTICKETS':
    case 'RATING':
      refs.ticket(sk);
      break;
    case 'CHATUSER':
      if (sk.startsWith('CHAT#')) refs.table(tenantPk(companyId, 'CHAT', sk.slice('CHAT#'.length)));
      break;
    case 'CHAT':
      refs.user(text(item.ownerId));
      break;
    case 'CLIST':
      refs.table(tenantPk(companyId, 'CLI', sk));
      break;
    case 'CAMP':
      refs.campaign(sk);
      refs.buckets('KIX', texts(item.searchTokens));
      break;
    case 'CPROG':
      refs.campaign(sk);
      break;
    case 'TAG':
      refs.tag(sk);
      break;
    case 'SCHED':
      refs.buckets('SIX', texts(item.searchTokens));
      break;
    case 'CPACER': // a pacer's shippings start at bucket 0 …
      refs.table(tenantPk(companyId, 'CSHIP', idPart[0]!, String(Number(sk)), '0'));
      break;
    case 'CSHIP': // … and run on while buckets are found (planning writes positions from 0 without gaps)
      refs.table(tenantPk(companyId, 'CSHIP', idPart[0]!, idPart[1]!, String(Number(idPart[2]) + 1)));
      break;
    case 'WS':
      refs.platform({ PK: platformPk('WSCONN', sk), SK: 'WS' });
      break;
    case 'INVOICE':
      if (text(item.txid)) refs.platform({ PK: platformPk('PIXTXID', String(item.txid)), SK: 'TXID' });
      break;
  }
  return refs.done();
}

/** The partitions of one purge step, each once; ids map to every partition they own. */
class ReferenceSet {
  private readonly partitions = new Map<string, PartitionRef>();
  private readonly platformKeys = new Map<string, TableKey>();

  constructor(private readonly companyId: string) {}

  table(pk: string) {
    if (isPurgeable(this.companyId, pk)) this.partitions.set(`T${pk}`, { pk });
  }
  index(ref: Required<PartitionRef>) {
    this.partitions.set(`${ref.index}${ref.pk}`, ref);
  }
  platform(key: TableKey) {
    this.platformKeys.set(`${key.PK}|${key.SK}`, key);
  }
  private own(kind: string, ...ids: string[]) {
    this.table(tenantPk(this.companyId, kind, ...ids));
  }

  connection(id: string | undefined) {
    if (id) for (const kind of ['MSG', 'MSGDONE', 'ABOOK', 'WAFLEET', 'CQUOTA']) this.own(kind, id);
  }
  ticket(id: string | undefined) {
    if (id) for (const kind of ['TICKET', 'TKINT']) this.own(kind, id);
  }
  contact(id: string | undefined) {
    if (id) this.own('CONTACTTICKETS', id);
  }
  /** A queue's items and its ticket lists (null: the lists of tickets without a queue). */
  queue(id: string | undefined | null) {
    if (id === undefined) return;
    if (id) for (const kind of ['QUEUE', 'QUEUEOPT']) this.own(kind, id);
    for (const status of TICKET_STATUSES) this.index(queueList(this.companyId, status, id) as Required<PartitionRef>);
  }
  /** A user's items, refresh families and ticket lists (null: the lists of tickets without a user). */
  user(id: string | undefined | null) {
    if (id === undefined) return;
    if (id) {
      for (const kind of ['CHATUSER', 'RATING']) this.own(kind, id);
      this.index({ pk: tenantPk(this.companyId, 'USERSESSIONS', id), index: 'GSI1' });
    }
    for (const status of TICKET_STATUSES) this.index(userList(this.companyId, status, id) as Required<PartitionRef>);
  }
  campaign(id: string | undefined) {
    if (id) for (const kind of ['CPACER', 'CHELD']) this.own(kind, id);
  }
  tag(id: string | undefined) {
    if (id) this.own('TAGGED', id);
  }
  number(value: string | undefined) {
    if (value) for (const kind of ['WANUM', 'CCONF']) this.own(kind, value);
  }
  buckets(kind: 'TIX' | 'CIX' | 'UIX' | 'SIX' | 'KIX', tokens: string[]) {
    for (const token of tokens) this.own(kind, bucketOf(token));
  }

  done(): References {
    return { partitions: [...this.partitions.values()], platformKeys: [...this.platformKeys.values()] };
  }
}
