/**
 * User entity (spec part 1 §3, part 2 §3) and the items that keep its invariants:
 *
 *   user          PK = C#<cid>#USER        SK = <uid>
 *                 GSI1PK = C#<cid>#USER    GSI1SK = <normalised name>#<uid>   (list by name, AP-U4/AP-U5)
 *   e-mail lock   PK = P#EMAIL#<email>     SK = EMAIL     { userId, companyId }  (unique across the platform, login lookup)
 *   locator       PK = P#USERID#<uid>      SK = USERID    { companyId }          (super users act on a user by id alone)
 *   active count  PK = C#<cid>#COUNTER     SK = USERS     { active }             (plan user limit in O(1))
 *   search entry  PK = C#<cid>#UIX#<3 chars>  SK = <word>#<uid>  { ownerId }   (words of name and e-mail, search-index.ts)
 *   index marker  PK = C#<cid>#USERINDEX   SK = V1        (the company's users written before the index are in it)
 *
 * Every write that touches more than the user item is one transaction, so the locks and the counter
 * can never disagree with the users. Insert, replace and remove also write the user's audience rights
 * (user-rights.ts), which the realtime fan-out reads instead of the user items.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Profile } from '@atende/shared';
import { ddb, tableName } from './client';
import { batchGet, queryAll, queryPages } from './table-operations';
import { platformPk, tenantPk } from './keys';
import { indexTokens, indexWrites } from './search-index';
import { tokensOf } from './search-tokens';
import { transactWrite, type LabelledItem } from './transactions';
import { rightsWrite, type UserRights } from './user-rights';

export interface UserRecord {
  id: string;
  companyId: string;
  name: string;
  /** Always lower-case (the schemas lower-case it). */
  email: string;
  passwordHash: string;
  profile: Profile;
  status: boolean;
  super: boolean;
  queueIds: string[];
  drawerMenuOpen: boolean;
  /** Optimistic lock: every write checks and bumps it. */
  version: number;
  /**
   * Bumped when the user's rights or credentials change (profile, status, super, password): access
   * tokens carry it as `tv`, and privileged calls refuse a token whose `tv` is behind (platform/fresh-rights.ts).
   */
  tokenVersion: number;
  createdAt: string;
  updatedAt: string;
}

/** Labels of the transaction conditions callers can tell apart (see transactions.ts). */
export const USER_WRITE = { user: 'user', email: 'email', limit: 'limit' } as const;

const usersPk = (companyId: string) => tenantPk(companyId, 'USER');
const userKey = (companyId: string, userId: string) => ({ PK: usersPk(companyId), SK: userId });
const emailLockKey = (email: string) => ({ PK: platformPk('EMAIL', email.toLowerCase()), SK: 'EMAIL' });
const locatorKey = (userId: string) => ({ PK: platformPk('USERID', userId), SK: 'USERID' });
const activeCounterKey = (companyId: string) => ({ PK: tenantPk(companyId, 'COUNTER'), SK: 'USERS' });

/** Lower-case, no accents: what search and name ordering compare. */
export const normaliseText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

function toItem(user: UserRecord) {
  return {
    ...userKey(user.companyId, user.id),
    GSI1PK: usersPk(user.companyId),
    GSI1SK: `${normaliseText(user.name)}#${user.id}`,
    ...user,
  };
}

/** What the user search finds a user by: the words of the name and of the e-mail (search-tokens.ts bounds). */
export const userSearchTokens = (user: Pick<UserRecord, 'name' | 'email'>) => [
  ...new Set([...tokensOf(user.name, 8), ...tokensOf(user.email, 6)]),
];

const wordChanges = (before: UserRecord | null, after: UserRecord | null) => {
  const old = before ? userSearchTokens(before) : [];
  const next = after ? userSearchTokens(after) : [];
  return { add: next.filter((t) => !old.includes(t)), remove: old.filter((t) => !next.includes(t)) };
};

function fromItem(item: Record<string, unknown>): UserRecord {
  const { PK: _pk, SK: _sk, GSI1PK: _g1pk, GSI1SK: _g1sk, search: _search, ...user } = item;
  const record = user as unknown as UserRecord;
  return {
    ...record,
    queueIds: record.queueIds ?? [],
    drawerMenuOpen: record.drawerMenuOpen ?? true,
    tokenVersion: record.tokenVersion ?? 0,
  };
}

/** The key DynamoDB needs to resume a GSI1 query right after this user. */
const gsi1Position = (user: UserRecord) => {
  const item = toItem(user);
  return { PK: item.PK, SK: item.SK, GSI1PK: item.GSI1PK, GSI1SK: item.GSI1SK };
};

/** Whether a decoded cursor points into this company's user list (a forged one must not reach DynamoDB). */
export const isUsersCursorOf = (companyId: string, key: Record<string, unknown>) =>
  key.GSI1PK === usersPk(companyId) &&
  key.PK === usersPk(companyId) &&
  typeof key.SK === 'string' &&
  typeof key.GSI1SK === 'string' &&
  Object.keys(key).length === 4;

/** AP-U1: user by company and id (strongly consistent: used right before writes). */
export async function getUser(companyId: string, userId: string): Promise<UserRecord | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: userKey(companyId, userId), ConsistentRead: true }),
  );
  return out.Item ? fromItem(out.Item) : undefined;
}

/**
 * AP-U7: users by id within one company (names and queues of a page of tickets, note authors, chat members).
 * `consistent`: a strongly consistent read (the fan-out no longer reads users: user-rights.ts).
 */
export async function getUsers(
  companyId: string,
  userIds: string[],
  options: { consistent?: boolean } = {},
): Promise<UserRecord[]> {
  if (!userIds.length) return [];
  const keys = userIds.map((id) => userKey(companyId, id));
  return (await batchGet(keys, { consistentRead: options.consistent })).map(fromItem);
}

/** What the realtime audience filter reads of a user (user-rights.ts). */
const rightsOf = (user: UserRecord): UserRights => ({
  profile: user.profile,
  status: user.status === true,
  super: user.super === true,
  queueIds: user.queueIds,
});
const rightsChanged = (before: UserRecord, after: UserRecord) =>
  JSON.stringify(rightsOf(before)) !== JSON.stringify(rightsOf(after));

/**
 * AP-U8: every user's audience rights, read consistently and projected (never the password hash): the
 * one-time backfill of the rights record (user-rights.ts AP-AUD3), bounded by the plan's user limit.
 */
export async function listUsersRights(companyId: string): Promise<(UserRights & { id: string })[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': usersPk(companyId) },
    ProjectionExpression: 'id, profile, #status, #super, queueIds',
    ExpressionAttributeNames: { '#status': 'status', '#super': 'super' },
    ConsistentRead: true,
  });
  return items.map((item) => ({ id: String(item.id), ...rightsOf(fromItem(item)) }));
}

/** AP-U2: who owns an e-mail (login). */
export async function findUserIdByEmail(email: string): Promise<{ userId: string; companyId: string } | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: emailLockKey(email), ConsistentRead: true }));
  return out.Item ? { userId: out.Item.userId as string, companyId: out.Item.companyId as string } : undefined;
}

/** AP-U3: the company of a user id (super users only: everyone else is confined to their token's company). */
export async function findCompanyIdOfUser(userId: string): Promise<string | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: locatorKey(userId), ConsistentRead: true }));
  return out.Item?.companyId as string | undefined;
}

export interface UsersPageQuery {
  /** Resume after this position (a previous page's `next`). */
  after?: Record<string, unknown>;
  /** Matching users to skip first (page-number paging). */
  skip?: number;
  pageSize: number;
}

/** AP-U4: a page of a company's users by name (a search goes through the user index: domain/users/search-users.ts). */
export async function queryUsersPage(
  companyId: string,
  q: UsersPageQuery,
): Promise<{ users: UserRecord[]; next?: Record<string, unknown> }> {
  const wanted = (q.skip ?? 0) + q.pageSize + 1; // one extra tells whether there is a next page
  const found: UserRecord[] = [];
  const pages = queryPages(
    {
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': usersPk(companyId) },
      Limit: Math.min(wanted, 1000), // DynamoDB pages at most 1 MB anyway; the loop reads on
    },
    q.after,
  );
  for await (const page of pages) {
    found.push(...page.items.map(fromItem));
    if (found.length >= wanted) break;
  }
  const page = found.slice(q.skip ?? 0, (q.skip ?? 0) + q.pageSize);
  const hasMore = found.length > (q.skip ?? 0) + q.pageSize;
  const last = page[page.length - 1];
  return { users: page, next: hasMore && last ? gsi1Position(last) : undefined };
}

/** AP-U5: every user of a company, by name (bounded by the plan's user limit). */
export async function listAllUsers(companyId: string): Promise<UserRecord[]> {
  const items = await queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': usersPk(companyId) },
  });
  return items.map(fromItem);
}

/** AP-U6: how many active users the company has. */
export async function getActiveUserCount(companyId: string): Promise<number> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: activeCounterKey(companyId), ConsistentRead: true }),
  );
  return Number(out.Item?.active ?? 0);
}

/** +1/-1 on the active counter; +1 is refused (label `limit`) when it would pass the plan's limit. */
function activeCounterChange(companyId: string, delta: 1 | -1, activeLimit: number | null): LabelledItem {
  const limited = delta > 0 && activeLimit !== null;
  return {
    label: USER_WRITE.limit,
    item: {
      Update: {
        TableName: tableName(),
        Key: activeCounterKey(companyId),
        UpdateExpression: 'ADD active :delta',
        ...(limited ? { ConditionExpression: 'attribute_not_exists(active) OR active < :limit' } : {}),
        ExpressionAttributeValues: { ':delta': delta, ...(limited ? { ':limit': activeLimit } : {}) },
      },
    },
  };
}

const takeEmail = (user: UserRecord): LabelledItem => ({
  label: USER_WRITE.email,
  item: {
    Put: {
      TableName: tableName(),
      Item: { ...emailLockKey(user.email), userId: user.id, companyId: user.companyId },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  },
});

const releaseEmail = (user: UserRecord): LabelledItem => ({
  label: 'oldEmail',
  item: {
    Delete: {
      TableName: tableName(),
      Key: emailLockKey(user.email),
      ConditionExpression: 'userId = :uid',
      ExpressionAttributeValues: { ':uid': user.id },
    },
  },
});

/**
 * Creates a user with its e-mail lock, locator and (when active) counter increment.
 * Fails with TransactionConditionFailed labelled `email` (taken) or `limit` (plan limit reached).
 */
export async function insertUser(user: UserRecord, activeLimit: number | null): Promise<void> {
  const items: LabelledItem[] = [
    {
      label: USER_WRITE.user,
      item: { Put: { TableName: tableName(), Item: toItem(user), ConditionExpression: 'attribute_not_exists(PK)' } },
    },
    takeEmail(user),
    {
      label: 'locator',
      item: { Put: { TableName: tableName(), Item: { ...locatorKey(user.id), companyId: user.companyId } } },
    },
    ...indexWrites('UIX', user.companyId, user.id, wordChanges(null, user)),
    ...rightsWrite(user.companyId, user.id, rightsOf(user)),
  ];
  if (user.status) items.push(activeCounterChange(user.companyId, 1, activeLimit));
  await transactWrite(items);
}

/**
 * Replaces `before` by `after` (same id and company). Moves the e-mail lock when the e-mail changes and
 * the active counter when the status changes. Label `user` = someone else wrote first (retry).
 */
export async function replaceUser(before: UserRecord, after: UserRecord, activeLimit: number | null): Promise<void> {
  const items: LabelledItem[] = [
    {
      label: USER_WRITE.user,
      item: {
        Put: {
          TableName: tableName(),
          Item: toItem(after),
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': before.version },
        },
      },
    },
  ];
  if (before.email !== after.email) items.push(releaseEmail(before), takeEmail(after));
  if (before.status !== after.status) items.push(activeCounterChange(after.companyId, after.status ? 1 : -1, activeLimit));
  items.push(...indexWrites('UIX', after.companyId, after.id, wordChanges(before, after)));
  if (rightsChanged(before, after)) items.push(...rightsWrite(after.companyId, after.id, rightsOf(after)));
  await transactWrite(items);
}

/** Deletes the user, its e-mail lock and locator, and gives back its active seat. */
export async function removeUser(user: UserRecord): Promise<void> {
  const items: LabelledItem[] = [
    {
      label: USER_WRITE.user,
      item: {
        Delete: {
          TableName: tableName(),
          Key: userKey(user.companyId, user.id),
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': user.version },
        },
      },
    },
    { label: 'oldEmail', item: { Delete: { TableName: tableName(), Key: emailLockKey(user.email) } } },
    { label: 'locator', item: { Delete: { TableName: tableName(), Key: locatorKey(user.id) } } },
    ...indexWrites('UIX', user.companyId, user.id, wordChanges(user, null)),
    ...rightsWrite(user.companyId, user.id, null),
  ];
  if (user.status) items.push(activeCounterChange(user.companyId, -1, null));
  await transactWrite(items);
}

const indexMarkerKey = (companyId: string) => ({ PK: tenantPk(companyId, 'USERINDEX'), SK: 'V1' });
/** Companies whose users this process knows to be indexed (the marker is never removed). */
const indexedCompanies = new Set<string>();

/**
 * Puts the users written before the user index existed into it, once per company (AP-U5, bounded by
 * the plan's user limit); later writes keep it themselves. Idempotent: re-putting a word is a no-op.
 */
export async function ensureUsersIndexed(companyId: string): Promise<void> {
  if (indexedCompanies.has(companyId)) return;
  const marker = await ddb().send(new GetCommand({ TableName: tableName(), Key: indexMarkerKey(companyId) }));
  if (!marker.Item) {
    for (const user of await listAllUsers(companyId)) await indexTokens('UIX', companyId, user.id, userSearchTokens(user));
    await ddb().send(new PutCommand({ TableName: tableName(), Item: indexMarkerKey(companyId) }));
  }
  indexedCompanies.add(companyId);
}

/** The side-menu state (spec part 1 §2 "drawerMenuOpen"); undefined when the user does not exist. */
export async function updateDrawerMenuOpen(
  companyId: string,
  userId: string,
  open: boolean,
): Promise<UserRecord | undefined> {
  try {
    const out = await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKey(companyId, userId),
        UpdateExpression: 'SET drawerMenuOpen = :open, updatedAt = :now ADD version :one',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':open': open, ':now': new Date().toISOString(), ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes ? fromItem(out.Attributes) : undefined;
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return undefined;
    throw err;
  }
}
