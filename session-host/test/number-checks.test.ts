/**
 * "Is this number on WhatsApp" for contact lists (issue 27 item 2): the `numbers.check` command through
 * the outbound queue, the session manager and the simulator adapter, answered by a `numbers.checked`
 * event; and the Baileys side on the fake WhatsApp (one `onWhatsApp` query a batch, a number absent from
 * the answer has no account, Brazil's ninth digit).
 */
import type { ChannelEvent } from '@atende/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { brazilianAlternative, checkNumbersOnWhatsapp } from '../src/adapters/baileys/number-checks';
import { NotConnectedError, type NumbersCheckCommand } from '../src/adapters/channel-adapter';
import type { SessionHost } from '../src/host';
import type { MemoryEventSink } from '../src/queues/inbound-publisher';
import { connectedBaileys, type Stores } from './support/baileys-harness';
import { command, createTestEnvironment, eventually, type TestEnvironment } from './support/environment';
import { connectSimulated, startHost } from './support/host-harness';
import { sharedStores } from './support/shared-stores';

type Checked = Extract<ChannelEvent, { type: 'numbers.checked' }>;
const answerTo = (requestId: string) => (e: ChannelEvent) => e.type === 'numbers.checked' && e.requestId === requestId;

describe('numbers.check through the host (simulator)', () => {
  let env: TestEnvironment;
  let host: SessionHost | undefined;
  let sink: MemoryEventSink;
  beforeAll(async () => {
    env = await createTestEnvironment();
  });
  afterAll(async () => {
    await host?.stop().catch(() => undefined);
    env.destroy();
  });

  it('answers each number asked: on WhatsApp, or not (the simulator: digits ending in 0000), once per request', async () => {
    const started = startHost(env);
    host = started.host;
    sink = started.sink;
    await started.ready;
    const { ids } = await connectSimulated(env, host, started.sink);
    const check = command('numbers.check', ids, {
      requestId: 'req-1',
      numbers: ['5511988887777', '5511999990000', '5521987654321'],
    });
    await env.sendCommand(check, 'delivery-a');
    const answer = (await started.sink.waitFor(answerTo('req-1'), 10_000)) as Checked;
    expect(answer).toMatchObject({
      companyId: ids.companyId,
      connectionId: ids.connectionId,
      eventId: `numbers:${ids.connectionId}:req-1`,
      results: [
        { number: '5511988887777', exists: true, jid: '5511988887777@s.whatsapp.net' },
        { number: '5511999990000', exists: false },
        { number: '5521987654321', exists: true, jid: '5521987654321@s.whatsapp.net' },
      ],
    });
    expect(answer.results[1]).not.toHaveProperty('jid');

    // A redelivered command is not asked again (the command log), so one answer per request.
    await env.sendCommand(check, 'delivery-b');
    await eventually(() => host!.consumer.stats.duplicates >= 1, 10_000, 'redelivery skipped');
    expect(started.sink.events.filter(answerTo('req-1'))).toHaveLength(1);
  });

  it('refuses a send to a number without an account, as the Baileys adapter does', async () => {
    const { ids, phone } = await connectSimulated(env, host!, sink);
    await env.sendCommand(command('message.send', ids, { to: '5511999990000', clientMessageId: 'to-nobody', text: 'oi' }));
    const failed = await sink.waitFor(
      (e) => e.type === 'message.sendFailed' && e.connectionId === ids.connectionId && e.clientMessageId === 'to-nobody',
      10_000,
    );
    expect(failed).toMatchObject({ reason: 'not-on-whatsapp', error: 'ERR_WAPP_INVALID_CONTACT' });
    // A send that reached the simulated server would have opened the number's conversation.
    expect(() => phone.conversation('5511999990000')).toThrow(/no contact/);

    // A customer of the phone has an account whatever its number (the fault suite's customer 0 ends in 0000).
    phone.upsertContact({ name: 'Cliente Zero', number: '5511988880000' });
    await env.sendCommand(command('numbers.check', ids, { requestId: 'req-customer', numbers: ['5511988880000'] }));
    expect(await sink.waitFor(answerTo('req-customer'), 10_000)).toMatchObject({
      results: [{ number: '5511988880000', exists: true }],
    });
    await env.sendCommand(command('message.send', ids, { to: '5511988880000', clientMessageId: 'to-zero', text: 'oi' }));
    await sink.waitFor((e) => e.type === 'message.sent' && e.message.clientMessageId === 'to-zero', 10_000);
    expect(phone.conversation('5511988880000').messages.map((m) => m.text)).toEqual(['oi']);
  });

  it('drops a check for a connection this host does not run, answering nothing', async () => {
    expect(host).toBeDefined();
    const before = host!.consumer.stats.failed;
    const ids = { companyId: 'co-none', connectionId: 'cn-not-here' };
    await env.sendCommand(command('numbers.check', ids, { requestId: 'req-nowhere', numbers: ['5511988887777'] }));
    await eventually(() => host!.consumer.stats.failed > before, 10_000, 'check dropped');
    expect(sink.events.filter(answerTo('req-nowhere'))).toEqual([]);
  });
});

describe('numbers.check on Baileys (fake WhatsApp)', () => {
  let stores: Stores;
  beforeAll(async () => {
    stores = await sharedStores();
  });
  afterAll(() => stores.env.destroy());
  afterEach(() => vi.restoreAllMocks());

  const checkOf = (h: { companyId: string; connectionId: string }, numbers: string[]): NumbersCheckCommand => ({
    type: 'numbers.check',
    commandId: `c-${Math.random()}`,
    requestId: 'r-1',
    companyId: h.companyId,
    connectionId: h.connectionId,
    issuedAt: '',
    numbers,
  });

  it('asks WhatsApp once for the batch; a number left out of the answer has no account; ninth digit either way', async () => {
    const h = await connectedBaileys(stores);
    h.fake.notOnWhatsApp.add('5511900000000@s.whatsapp.net');
    // Typed without the ninth digit, WhatsApp answers the account with it; and the other way round.
    h.fake.numberAliases.set('551188887777@s.whatsapp.net', '5511988887777@s.whatsapp.net');
    h.fake.numberAliases.set('5531999998888@s.whatsapp.net', '553199998888@s.whatsapp.net');
    const socket = h.fake.sockets.at(-1)!;
    const query = vi.spyOn(socket, 'onWhatsApp');

    const results = await h.adapter.checkNumbers(
      checkOf(h, ['551188887777', '5511900000000', '5531999998888', '14155550100']),
    );

    expect(query).toHaveBeenCalledTimes(1);
    expect(query.mock.calls[0]).toEqual([
      '551188887777@s.whatsapp.net',
      '5511900000000@s.whatsapp.net',
      '5531999998888@s.whatsapp.net',
      '14155550100@s.whatsapp.net',
    ]);
    expect(results).toEqual([
      { number: '551188887777', exists: true, jid: '5511988887777@s.whatsapp.net' },
      { number: '5511900000000', exists: false },
      { number: '5531999998888', exists: true, jid: '553199998888@s.whatsapp.net' },
      { number: '14155550100', exists: true, jid: '14155550100@s.whatsapp.net' },
    ]);
  });

  it('fails (reports nothing) when WhatsApp gives no answer, and refuses while not connected', async () => {
    const h = await connectedBaileys(stores);
    vi.spyOn(h.fake.sockets.at(-1)!, 'onWhatsApp').mockResolvedValue(undefined);
    await expect(h.adapter.checkNumbers(checkOf(h, ['5511988887777']))).rejects.toThrow(/no answer/);
    await h.adapter.stop();
    await expect(h.adapter.checkNumbers(checkOf(h, ['5511988887777']))).rejects.toBeInstanceOf(NotConnectedError);
  });

  it('matches answers by number only: another number in the answer settles nothing', async () => {
    const socket = { onWhatsApp: async () => [{ jid: '5511911112222@s.whatsapp.net', exists: true }] };
    expect(await checkNumbersOnWhatsapp(socket, ['5511933334444'])).toEqual([{ number: '5511933334444', exists: false }]);
    expect(await checkNumbersOnWhatsapp(socket, [])).toEqual([]);
  });

  it('knows the other form of a Brazilian mobile only', () => {
    expect(brazilianAlternative('5511988887777')).toBe('551188887777');
    expect(brazilianAlternative('551188887777')).toBe('5511988887777');
    expect(brazilianAlternative('551133334444')).toBeUndefined(); // a landline
    expect(brazilianAlternative('14155550100')).toBeUndefined();
  });
});
