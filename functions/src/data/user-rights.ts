/**
 * What the realtime audience filter needs of a company's users and sockets, kept apart from the user
 * items (no password hash, one small item) and versioned, so the fan-out caches recipients per company
 * and reads one tiny partition per batch (docs/decisions.md "Fan-out keyed by an audience version"):
 *
 *   rights    PK = C#<cid>#AUDIENCE   SK = RIGHTS      { complete?, u_<uid>: { p, a, s, q } }   (profile, active, super, queue ids)
 *   versions  PK = C#<cid>#AUDIENCE   SK = V#RIGHTS    { v }   bumped in the same transaction as every user write
 *             PK = C#<cid>#AUDIENCE   SK = V#SOCKETS   { v }   bumped after every socket item write (ws-connections.ts)
 *
 * The user entity (users.ts) adds `rightsWrite` to its insert/replace/remove transactions, so the rights
 * can never disagree with the users. `complete` is set by the one-time backfill of a company whose
 * users predate the record (AP-AUD3); until then the record may hold only the users written since.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Profile } from '@atende/shared';
import { ddb, tableName } from './client';
import { tenantPk } from './keys';
import { transactWrite, TransactionConditionFailed, type LabelledItem } from './transactions';

/** One user's facts, as the audience filter reads them. */
export interface UserRights {
  profile: Profile;
  status: boolean;
  super: boolean;
  queueIds: string[];
}

export interface AudienceVersions {
  rights: number;
  sockets: number;
}

const audiencePk = (companyId: string) => tenantPk(companyId, 'AUDIENCE');
const rightsKey = (companyId: string) => ({ PK: audiencePk(companyId), SK: 'RIGHTS' });
const versionKey = (companyId: string, of: keyof AudienceVersions) => ({
  PK: audiencePk(companyId),
  SK: `V#${of.toUpperCase()}`,
});
const attributeOf = (userId: string) => `u_${userId}`;

type StoredRights = { p: Profile; a: boolean; s: boolean; q: string[] };
const toStored = (r: UserRights): StoredRights => ({ p: r.profile, a: r.status, s: r.super, q: r.queueIds });
const fromStored = (s: StoredRights): UserRights => ({
  profile: s.p,
  status: s.a === true,
  super: s.s === true,
  queueIds: s.q ?? [],
});

/** AP-AUD1: both versions in one consistent read of two small items (the fan-out's one read per batch). */
export async function getAudienceVersions(companyId: string): Promise<AudienceVersions> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :v)',
      ExpressionAttributeValues: { ':pk': audiencePk(companyId), ':v': 'V#' },
      ConsistentRead: true,
    }),
  );
  const versions: AudienceVersions = { rights: 0, sockets: 0 };
  for (const item of out.Items ?? []) {
    if (item.SK === versionKey(companyId, 'rights').SK) versions.rights = Number(item.v ?? 0);
    if (item.SK === versionKey(companyId, 'sockets').SK) versions.sockets = Number(item.v ?? 0);
  }
  return versions;
}

/** AP-AUD2: every user's rights (consistent); `complete` false until the company's backfill ran. */
export async function getUserRights(companyId: string): Promise<{ complete: boolean; users: Map<string, UserRights> }> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: rightsKey(companyId), ConsistentRead: true }));
  const users = new Map<string, UserRights>();
  for (const [name, value] of Object.entries(out.Item ?? {}))
    if (name.startsWith('u_')) users.set(name.slice(2), fromStored(value as StoredRights));
  return { complete: out.Item?.complete === true, users };
}

const bump = (companyId: string, of: keyof AudienceVersions) => ({
  TableName: tableName(),
  Key: versionKey(companyId, of),
  UpdateExpression: 'ADD v :one',
  ExpressionAttributeValues: { ':one': 1 },
});

/**
 * The two transaction items a user write adds: its rights set (or removed, with null) and the rights
 * version bumped. Both are Updates, so they create the items on a company's first write.
 */
export function rightsWrite(companyId: string, userId: string, rights: UserRights | null): LabelledItem[] {
  const names = { '#u': attributeOf(userId) };
  const set: LabelledItem = {
    label: 'rights',
    item: {
      Update: {
        TableName: tableName(),
        Key: rightsKey(companyId),
        ...(rights
          ? { UpdateExpression: 'SET #u = :r', ExpressionAttributeValues: { ':r': toStored(rights) } }
          : { UpdateExpression: 'REMOVE #u' }),
        ExpressionAttributeNames: names,
      },
    },
  };
  return [set, { label: 'rightsVersion', item: { Update: bump(companyId, 'rights') } }];
}

/** Bumps the sockets version: called right after a socket item is put, changed or deleted. */
export async function bumpSocketsVersion(companyId: string): Promise<void> {
  await ddb().send(new UpdateCommand(bump(companyId, 'sockets')));
}

/**
 * AP-AUD3: the one-time backfill of a company whose users predate the rights record: `users` are their
 * facts read consistently (users.ts `listUsersRights`, never the password hash), written as the
 * complete record only if no user write came in between (the rights version still `seen`). False
 * when one did: read again.
 */
export async function backfillUserRights(
  companyId: string,
  users: readonly (UserRights & { id: string })[],
  seen: number,
): Promise<boolean> {
  const record: Record<string, unknown> = { ...rightsKey(companyId), complete: true };
  for (const user of users) record[attributeOf(user.id)] = toStored(user);
  try {
    await transactWrite([
      {
        label: 'rightsVersion',
        item: {
          ConditionCheck: {
            TableName: tableName(),
            Key: versionKey(companyId, 'rights'),
            ConditionExpression: seen ? 'v = :seen' : 'attribute_not_exists(v)',
            ...(seen ? { ExpressionAttributeValues: { ':seen': seen } } : {}),
          },
        },
      },
      { label: 'rights', item: { Put: { TableName: tableName(), Item: record } } },
    ]);
    return true;
  } catch (err) {
    if (err instanceof TransactionConditionFailed && err.has('rightsVersion')) return false;
    throw err;
  }
}
