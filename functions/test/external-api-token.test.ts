/**
 * Issue 27 item 4: the external API's token is looked up by its SHA-256 and compared in constant time;
 * tokens created before the hash (a lock keyed by the token itself) keep working and move to the
 * hashed lock on first use; the company is always the token's connection's.
 */
import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { generateApiToken } from '@atende/shared';
import { ddb, tableName } from '../src/data/client';
import { getContact } from '../src/data/contacts';
import { apiCall } from './support/api-event';
import { useApiWithQueues } from './support/api-with-queues';
import { companyWithToken, newNumber, queuedSends, send } from './support/external-api-client';

const env = useApiWithQueues();
const outbound = queuedSends(env);

const hashedLock = (token: string) => ({
  PK: `P#APITOKENH#${createHash('sha256').update(token).digest('hex')}`,
  SK: 'APITOKEN',
});
const legacyLock = (token: string) => ({ PK: `P#APITOKEN#${token}`, SK: 'APITOKEN' });
const readItem = async (Key: Record<string, string>) =>
  (await ddb().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }))).Item;

/** The connection as a stage from before the hash holds it: only a lock keyed by the token itself. */
async function makeLegacy(t: Awaited<ReturnType<typeof companyWithToken>>) {
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: hashedLock(t.apiToken) }));
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...legacyLock(t.apiToken), companyId: t.company.id, connectionId: t.connectionId },
    }),
  );
}

const updateToken = (t: Awaited<ReturnType<typeof companyWithToken>>, token: string) =>
  apiCall('whatsapp', 'PUT', '/whatsapp/{id}', {
    token: t.admin.token,
    pathParameters: { id: t.connectionId },
    body: { token },
  });

describe('the token lock is keyed by a hash', () => {
  it('stores the SHA-256 of the token, never the token, and the admin still reads the token', async () => {
    const a = await companyWithToken();
    expect(await readItem(hashedLock(a.apiToken))).toMatchObject({ companyId: a.company.id, connectionId: a.connectionId });
    expect(await readItem(legacyLock(a.apiToken))).toBeUndefined();
    const shown = await apiCall('whatsapp', 'GET', '/whatsapp/{id}', {
      token: a.admin.token,
      pathParameters: { id: a.connectionId },
    });
    expect(shown.body.token).toBe(a.apiToken);
  });

  it('refuses a wrong token of the same length with 401, and sends with the right one', async () => {
    const a = await companyWithToken();
    const last = a.apiToken.at(-1)!;
    const wrong = `${a.apiToken.slice(0, -1)}${last === 'a' ? 'b' : 'a'}`;
    expect(wrong).toHaveLength(a.apiToken.length);
    const refused = await send(wrong, { number: newNumber(), body: 'Olá' });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('ERR_INVALID_CREDENTIALS');
    expect((await send(a.apiToken, { number: newNumber(), body: 'Olá' })).status).toBe(201);
    await outbound();
  });
});

describe('tokens from before the hash (lazy migration)', () => {
  it('a legacy token sends on first use, its lock moves to the hash, and it keeps sending', async () => {
    const a = await companyWithToken();
    await makeLegacy(a);
    expect(await readItem(hashedLock(a.apiToken))).toBeUndefined();

    const [first, concurrent] = await Promise.all([
      send(a.apiToken, { number: newNumber(), body: 'Primeiro uso' }),
      send(a.apiToken, { number: newNumber(), body: 'Ao mesmo tempo' }),
    ]);
    expect([first.status, concurrent.status]).toEqual([201, 201]);
    expect(await readItem(hashedLock(a.apiToken))).toMatchObject({ companyId: a.company.id, connectionId: a.connectionId });
    expect(await readItem(legacyLock(a.apiToken))).toBeUndefined();

    expect((await send(a.apiToken, { number: newNumber(), body: 'Depois' })).status).toBe(201);
    expect(await outbound()).toHaveLength(3);
  });

  it('a request that read the hash just before a concurrent first use moved the lock still sends', async () => {
    const a = await companyWithToken();
    await makeLegacy(a);
    const client = ddb();
    const forward = client.send.bind(client);
    let moved = false;
    // Between this request's two reads (hash: absent, then legacy), the other request's move commits.
    const spy = vi.spyOn(client, 'send').mockImplementation((async (command: object) => {
      const key = (command as { input?: { Key?: { PK?: string } } }).input?.Key;
      if (command instanceof GetCommand && key?.PK === legacyLock(a.apiToken).PK && !moved) {
        moved = true;
        await forward(
          new PutCommand({
            TableName: tableName(),
            Item: { ...hashedLock(a.apiToken), companyId: a.company.id, connectionId: a.connectionId },
          }) as never,
        );
        await forward(new DeleteCommand({ TableName: tableName(), Key: legacyLock(a.apiToken) }) as never);
      }
      return forward(command as never);
    }) as never);
    try {
      expect((await send(a.apiToken, { number: newNumber(), body: 'No meio da mudança' })).status).toBe(201);
    } finally {
      spy.mockRestore();
    }
    expect(moved).toBe(true);
    expect(await outbound()).toHaveLength(1);
  });

  it('a legacy lock left behind by a token change is not honoured nor migrated', async () => {
    const a = await companyWithToken();
    const old = a.apiToken;
    const replaced = generateApiToken();
    expect((await updateToken(a, replaced)).status).toBe(200);
    // a stale legacy lock still naming the connection (as a half-moved old stage could hold)
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...legacyLock(old), companyId: a.company.id, connectionId: a.connectionId },
      }),
    );
    expect((await send(old, { number: newNumber(), body: 'Velho' })).status).toBe(401);
    expect(await readItem(hashedLock(old))).toBeUndefined();
    expect((await send(replaced, { number: newNumber(), body: 'Novo' })).status).toBe(201);
    await outbound();
  });

  it('a token held only by a legacy lock stays unique, and a change or a delete frees it', async () => {
    const a = await companyWithToken();
    const b = await companyWithToken();
    await makeLegacy(a);
    const taken = await updateToken(b, a.apiToken);
    expect(taken.status).toBe(400);
    expect(taken.body.fields?.token).toBeTruthy();

    expect((await updateToken(a, generateApiToken())).status).toBe(200);
    expect(await readItem(legacyLock(a.apiToken))).toBeUndefined();
    expect((await updateToken(b, a.apiToken)).status).toBe(200);
    expect((await send(a.apiToken, { number: newNumber(), body: 'Agora da B' })).status).toBe(201);
    expect((await outbound())[0]).toMatchObject({ companyId: b.company.id, connectionId: b.connectionId });

    const c = await companyWithToken();
    await makeLegacy(c);
    const removed = await apiCall('whatsapp', 'DELETE', '/whatsapp/{id}', {
      token: c.admin.token,
      pathParameters: { id: c.connectionId },
    });
    expect(removed.status).toBe(204);
    expect(await readItem(legacyLock(c.apiToken))).toBeUndefined();
    expect((await send(c.apiToken, { number: newNumber(), body: 'Apagada' })).status).toBe(401);
  });
});

describe('the company is the token’s', () => {
  it("another company's token only ever sends as that connection's company, whatever the body names", async () => {
    const a = await companyWithToken();
    const b = await companyWithToken();
    await outbound();
    const res = await send(b.apiToken, {
      number: newNumber(),
      body: 'Quem envia?',
      companyId: a.company.id,
      whatsappId: a.connectionId,
      connectionId: a.connectionId,
    });
    expect(res.status).toBe(201);
    expect((await getContact(b.company.id, res.body.contactId))?.companyId).toBe(b.company.id);
    expect(await getContact(a.company.id, res.body.contactId)).toBeUndefined();
    const commands = await outbound();
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatchObject({ companyId: b.company.id, connectionId: b.connectionId });
  });
});
