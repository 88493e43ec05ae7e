/**
 * "Is this number on WhatsApp" for campaign list items (issue 27 item 2): imports and single items ask
 * the default connection's host about unknown numbers (`numbers.check`, ≤ 50 a command), and the host's
 * answer (`numbers.checked` on the inbound queue, through the real inbound handler) fills the cache and
 * the items still waiting for it — idempotently, and only in the answering connection's company.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  NUMBERS_CHECK_MAX,
  type ChannelEvent,
  type ContactListDto,
  type ContactListImportAnswer,
  type ContactListItemDto,
  type ContactListItemPageAnswer,
  type NumberCheckResult,
} from '@atende/shared';
import { updateConnectionState } from '../src/data/connections';
import { getWhatsappNumberChecks, putWhatsappNumberCheck } from '../src/data/whatsapp-number-checks';
import { requestNumberChecks } from '../src/domain/contact-lists/number-checks';
import { apiCall } from './support/api-event';
import { createWorkspace, deliver, newNumber, startWorkspaceEmulators, type Workspace } from './support/ticket-fixtures';

const campaignSettings = [
  { key: 'campaignsEnabled', value: 'true' },
  { key: 'numberOfGroupsCampaigns', value: '20' },
  { key: 'numberOfContactsInGroupsCampaigns', value: '200' },
];

let queues: Awaited<ReturnType<typeof startWorkspaceEmulators>>;
let a: Workspace;
let b: Workspace;

beforeAll(async () => {
  queues = await startWorkspaceEmulators();
  a = await createWorkspace({ settings: campaignSettings });
  b = await createWorkspace({ settings: campaignSettings });
});
afterAll(async () => {
  await queues?.stop();
});
beforeEach(async () => {
  await updateConnectionState(a.cid, a.connection.id, { status: 'CONNECTED' });
  await updateConnectionState(b.cid, b.connection.id, { status: 'DISCONNECTED' });
  await queues.take('outbound-0');
  await queues.take('realtime');
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT', path: string, opts: Record<string, unknown> = {}) =>
  apiCall('contactlists', method, path, { token, ...opts });
const newList = async (w: Workspace) => {
  const res = await call(w.admin.token, 'POST', '/contact-lists', { body: { name: `Lista ${newNumber().slice(-6)}` } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as ContactListDto;
};
const upload = async (w: Workspace, listId: string, numbers: string[]) => {
  const rows = numbers.map((number, i) => ({ line: i + 2, name: `Pessoa ${i}`, number, email: '' }));
  const res = await call(w.admin.token, 'POST', '/contact-lists/{id}/upload', {
    pathParameters: { id: listId },
    body: { rows },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as ContactListImportAnswer;
};
/** number → isWhatsappValid of a list's items. */
const validity = async (w: Workspace, contactListId: string) => {
  const res = await call(w.admin.token, 'GET', '/contact-list-items', { query: { contactListId } });
  expect(res.status).toBe(200);
  return new Map((res.body as ContactListItemPageAnswer).contacts.map((c) => [c.number, c.isWhatsappValid]));
};
const checkCommands = async () => (await queues.take('outbound-0')).filter((m) => m.body.type === 'numbers.check');
const reloads = async () =>
  (await queues.take('realtime'))
    .filter((m) => m.body.kind === 'contactListItem' && m.body.data.action === 'reload')
    .map((m) => [m.body.companyId, m.body.data.contactListId]);

const answer = (
  w: Workspace,
  requestId: string,
  results: NumberCheckResult[],
  connectionId = w.connection.id,
): ChannelEvent => ({
  eventId: `numbers:${connectionId}:${requestId}`,
  companyId: w.cid,
  connectionId,
  occurredAt: new Date().toISOString(),
  type: 'numbers.checked',
  requestId,
  results,
});

describe('asking about the numbers of new items', () => {
  it('sends the unknown numbers of an import chunk to the default connection, 50 a command', async () => {
    const list = await newList(a);
    const known = newNumber();
    await putWhatsappNumberCheck(a.cid, known, true);
    const unknown = Array.from({ length: NUMBERS_CHECK_MAX + 5 }, () => newNumber());

    const imported = await upload(a, list.id, [known, ...unknown]);
    expect(imported.whatsappCheck).toBe('pending');

    const commands = await checkCommands();
    expect(commands.map((c) => c.body.numbers.length)).toEqual([NUMBERS_CHECK_MAX, 5]);
    expect(commands.flatMap((c) => c.body.numbers)).toEqual(unknown);
    for (const { body, groupId } of commands) {
      expect(body).toMatchObject({ companyId: a.cid, connectionId: a.connection.id, requestId: body.commandId });
      expect(groupId).toBe(a.connection.id);
    }
  });

  it('sends nothing while the default connection is not connected (the items stay unknown)', async () => {
    await updateConnectionState(a.cid, a.connection.id, { status: 'DISCONNECTED' });
    const list = await newList(a);
    const number = newNumber();
    expect((await upload(a, list.id, [number])).whatsappCheck).toBe('noConnection');
    expect(await checkCommands()).toEqual([]);
    expect((await validity(a, list.id)).get(number)).toBeNull();
  });

  it('asks about a single item created or edited with an unknown number, never about a known one', async () => {
    const list = await newList(a);
    const [first, second, known] = [newNumber(), newNumber(), newNumber()];
    await putWhatsappNumberCheck(a.cid, known, false);
    const created = await call(a.operator.token, 'POST', '/contact-list-items', {
      body: { name: 'Joana', number: first, contactListId: list.id },
    });
    expect(created.status).toBe(201);
    const item = created.body as ContactListItemDto;
    expect((await checkCommands()).map((c) => c.body.numbers)).toEqual([[first]]);

    const edit = (number: string) =>
      call(a.operator.token, 'PUT', '/contact-list-items/{id}', {
        pathParameters: { id: item.id },
        body: { name: 'Joana', number },
      });
    expect((await edit(second)).body).toMatchObject({ number: second, isWhatsappValid: null });
    expect((await checkCommands()).map((c) => c.body.numbers)).toEqual([[second]]);

    // The answer about the number it had before finds nothing waiting: the item is not touched.
    await deliver(answer(a, 'old-number', [{ number: first, exists: false }]));
    expect((await validity(a, list.id)).get(second)).toBeNull();

    expect((await edit(known)).body).toMatchObject({ number: known, isWhatsappValid: false });
    expect(await checkCommands()).toEqual([]);
  });
});

describe('the answer (numbers.checked)', () => {
  it('sets the company’s waiting items and cache, one reload per list; a redelivery changes nothing', async () => {
    const [both, onlyFirst] = [newNumber(), newNumber()];
    const first = await newList(a);
    const second = await newList(a);
    const other = await newList(b); // company B holds the same number, unknown too
    await upload(a, first.id, [both, onlyFirst]);
    await upload(a, second.id, [both]);
    await upload(b, other.id, [both]);
    await queues.take('realtime');

    const event = answer(a, 'req-a', [
      { number: both, exists: true, jid: `${both}@s.whatsapp.net` },
      { number: onlyFirst, exists: false },
    ]);
    await deliver(event);

    expect(await validity(a, first.id)).toEqual(
      new Map([
        [both, true],
        [onlyFirst, false],
      ]),
    );
    expect((await validity(a, second.id)).get(both)).toBe(true);
    expect((await reloads()).sort()).toEqual(
      [
        [a.cid, first.id],
        [a.cid, second.id],
      ].sort(),
    );
    expect(await getWhatsappNumberChecks(a.cid, [both, onlyFirst])).toEqual(
      new Map([
        [both, true],
        [onlyFirst, false],
      ]),
    );
    // Company B: untouched.
    expect((await validity(b, other.id)).get(both)).toBeNull();
    expect((await getWhatsappNumberChecks(b.cid, [both])).size).toBe(0);

    await deliver(event); // at-least-once: the same answer again
    expect((await validity(a, first.id)).get(onlyFirst)).toBe(false);
    expect(await reloads()).toEqual([]);

    // B's own answer, through B's connection, settles B's item.
    await deliver(answer(b, 'req-b', [{ number: both, exists: false }]));
    expect((await validity(b, other.id)).get(both)).toBe(false);
    expect((await validity(a, second.id)).get(both)).toBe(true);
  });

  it('drops an answer naming a connection of another company', async () => {
    const list = await newList(a);
    const number = newNumber();
    await upload(a, list.id, [number]);
    await deliver(answer(a, 'forged', [{ number, exists: true }], b.connection.id));
    expect((await validity(a, list.id)).get(number)).toBeNull();
    expect((await getWhatsappNumberChecks(a.cid, [number])).size).toBe(0);
  });
});

describe('requestNumberChecks (for the campaign engine)', () => {
  it('asks only about numbers without a known answer, and says why when nothing can be asked', async () => {
    const [known, unknown] = [newNumber(), newNumber()];
    await putWhatsappNumberCheck(a.cid, known, true);
    expect(await requestNumberChecks(a.cid, [known])).toBe('checked');
    expect(await checkCommands()).toEqual([]);

    expect(await requestNumberChecks(a.cid, [known, unknown, unknown])).toBe('pending');
    expect((await checkCommands()).map((c) => c.body.numbers)).toEqual([[unknown]]);

    expect(await requestNumberChecks(b.cid, [unknown])).toBe('noConnection');
    expect(await checkCommands()).toEqual([]);
  });
});

describe('checking a list’s unknown numbers again (POST /contact-lists/{id}/check-numbers)', () => {
  const checkAgain = (w: Workspace, id: string, body: Record<string, unknown> = {}) =>
    call(w.admin.token, 'POST', '/contact-lists/{id}/check-numbers', { pathParameters: { id }, body });

  it('sets the items whose answer is known now and asks about the rest, a page at a time', async () => {
    await updateConnectionState(a.cid, a.connection.id, { status: 'DISCONNECTED' });
    const list = await newList(a);
    const [answeredSince, unknown1, unknown2] = [newNumber(), newNumber(), newNumber()];
    await upload(a, list.id, [answeredSince, unknown1, unknown2]);

    // Still no connection: nothing asked, says why.
    expect((await checkAgain(a, list.id)).body).toEqual({ settled: 0, asked: 0, whatsappCheck: 'noConnection' });
    expect(await checkCommands()).toEqual([]);

    await putWhatsappNumberCheck(a.cid, answeredSince, false);
    await updateConnectionState(a.cid, a.connection.id, { status: 'CONNECTED' });
    await queues.take('realtime');
    const res = await checkAgain(a, list.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ settled: 1, asked: 2, whatsappCheck: 'pending' });
    expect((await checkCommands()).map((c) => c.body.numbers)).toEqual([[unknown1, unknown2]]);
    expect((await validity(a, list.id)).get(answeredSince)).toBe(false);
    expect(await reloads()).toEqual([[a.cid, list.id]]);
  });

  it('refuses another company’s list and a cursor that is not the list’s', async () => {
    const list = await newList(a);
    await upload(a, list.id, [newNumber()]);
    await checkCommands(); // the import's own check
    expect((await checkAgain(b, list.id)).status).toBe(404);
    expect(await checkCommands()).toEqual([]);
    const badCursor = await checkAgain(a, list.id, { cursor: 'bm90LWEtY3Vyc29y' });
    expect(badCursor.status).toBe(400);
  });
});
