/**
 * The channel events added for a real phone (issue 11): a send WhatsApp refused after taking it, the
 * file of a message arriving after the message (or never), and reactions. Each lands on the message
 * item, once, and is readable through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import type { ChannelEvent, ConnectionDto, MessageDto } from '@atende/shared';
import { getMessage } from '../src/data/messages';
import { handler as inbound } from '../src/handlers/inbound/index';
import { logger } from '../src/platform/logger';
import { apiCall } from './support/api-event';
import { useFreshTable } from './support/fresh-table';
import { sqsEvent, useLocalQueues } from './support/local-queues';
import { createTestTenant } from './support/tenancy-fixtures';

let queues: Awaited<ReturnType<typeof useLocalQueues>>;
let t: Awaited<ReturnType<typeof createTestTenant>>;
let connection: ConnectionDto;

beforeAll(async () => {
  await useFreshTable();
  logger.setLogLevel('SILENT');
  queues = await useLocalQueues(1);
  t = await createTestTenant();
  connection = (await apiCall('whatsapp', 'POST', '/whatsapp', { token: t.admin.token, body: { name: 'Atendimento' } }))
    .body;
});
afterAll(async () => {
  await queues?.stop();
});

type Body<T extends ChannelEvent['type']> = Omit<
  Extract<ChannelEvent, { type: T }>,
  'eventId' | 'companyId' | 'connectionId' | 'occurredAt'
>;
const event = <T extends ChannelEvent['type']>(body: Body<T>): ChannelEvent =>
  ({
    eventId: ulid(),
    companyId: t.company.id,
    connectionId: connection.id,
    occurredAt: new Date().toISOString(),
    ...body,
  }) as unknown as ChannelEvent;
const deliver = async (...events: ChannelEvent[]) =>
  (await inbound(sqsEvent(events.map((e) => ({ body: JSON.stringify(e), groupId: connection.id }))))).batchItemFailures;

/** The message as the console reads it: in its ticket's conversation (GET /messages/{ticketId}). */
async function message(externalId: string): Promise<MessageDto | undefined> {
  const stored = await getMessage(t.company.id, connection.id, externalId);
  if (!stored?.ticketId) return undefined;
  const res = await apiCall('messages', 'GET', '/messages/{id}', {
    token: t.admin.token,
    pathParameters: { id: stored.ticketId },
  });
  expect(res.status).toBe(200);
  return (res.body.messages as MessageDto[]).find((m) => m.externalId === externalId);
}

const recorded = async (fromMe: boolean, extra: Record<string, unknown> = {}) => {
  const externalId = `3EB0${ulid()}`;
  await deliver(
    event<'message.received'>({
      type: fromMe ? ('message.sent' as 'message.received') : 'message.received',
      message: {
        externalId,
        fromMe,
        isGroup: false,
        body: 'texto',
        timestamp: new Date().toISOString(),
        contact: { jid: '5511988887777@s.whatsapp.net', number: '5511988887777' },
        ...(fromMe ? { clientMessageId: 'cm-1' } : {}),
        ...extra,
      },
    }),
  );
  return externalId;
};

describe('transport events on messages', () => {
  it('marks a sent message WhatsApp refused, with the reason, once', async () => {
    const externalId = await recorded(true);
    const refused = event<'message.sendFailed'>({
      type: 'message.sendFailed',
      externalId,
      error: 'WhatsApp restricted this account (463)',
      reason: 'account-restricted',
    });
    expect(await deliver(refused, refused)).toEqual([]);
    expect(await message(externalId)).toMatchObject({ sendFailure: 'account-restricted', body: 'texto' });
  });

  it('accepts a failure before sending (client id only) without inventing a message', async () => {
    expect(
      await deliver(
        event<'message.sendFailed'>({
          type: 'message.sendFailed',
          clientMessageId: 'never-sent',
          error: 'ERR_WAPP_INVALID_CONTACT',
          reason: 'not-on-whatsapp',
        }),
      ),
    ).toEqual([]);
  });

  it('rejects a sendFailed naming neither the client id nor the WhatsApp id', async () => {
    expect(await deliver(event<'message.sendFailed'>({ type: 'message.sendFailed', error: 'x' }))).toHaveLength(1);
  });

  it('attaches a file that arrives after its message, and records a refused one', async () => {
    const withFile = await recorded(false);
    const key = `C#${t.company.id}/media/${connection.id}/01-nota.pdf`;
    await deliver(
      event<'message.media'>({
        type: 'message.media',
        externalId: withFile,
        media: { kind: 'document', key, mimetype: 'application/pdf', fileName: 'nota.pdf', sizeBytes: 10 },
      }),
    );
    expect(await message(withFile)).toMatchObject({ mediaType: 'document' });
    expect(await getMessage(t.company.id, connection.id, withFile)).toMatchObject({
      mediaKey: key,
      mediaFileName: 'nota.pdf',
      mediaMimetype: 'application/pdf',
    });

    const tooBig = await recorded(false);
    await deliver(
      event<'message.media'>({
        type: 'message.media',
        externalId: tooBig,
        failure: { reason: 'too-large', sizeBytes: 2_000_000_000, limitBytes: 104_857_600 },
      }),
    );
    expect(await message(tooBig)).toMatchObject({
      mediaUrl: null,
      mediaFailure: { reason: 'too-large', sizeBytes: 2_000_000_000, limitBytes: 104_857_600 },
    });
  });

  it('retries a file whose message is not recorded yet (instead of dropping it), and settles a repeat', async () => {
    const externalId = `3EB0${ulid()}`;
    const key = `C#${t.company.id}/media/${connection.id}/01-foto.jpg`;
    const file = event<'message.media'>({
      type: 'message.media',
      externalId,
      media: { kind: 'image', key, mimetype: 'image/jpeg' },
    });
    // The file overtook its message: it goes back to the queue.
    expect(await deliver(file)).toHaveLength(1);
    await deliver(
      event<'message.received'>({
        type: 'message.received',
        message: {
          externalId,
          fromMe: false,
          isGroup: false,
          body: '',
          timestamp: new Date().toISOString(),
          contact: { jid: '5511988887777@s.whatsapp.net', number: '5511988887777' },
        },
      }),
    );
    // Redelivered after the message: attached; delivered once more: nothing to do, and no retry.
    expect(await deliver(file)).toEqual([]);
    expect(await getMessage(t.company.id, connection.id, externalId)).toMatchObject({ mediaKey: key, mediaType: 'image' });
    expect(await deliver(file)).toEqual([]);
    const failure = event<'message.media'>({
      type: 'message.media',
      externalId: 'never-recorded',
      failure: { reason: 'download-failed' },
    });
    expect(await deliver(failure)).toHaveLength(1);
  });

  it('never attaches a file from outside the company prefix', async () => {
    const externalId = await recorded(false);
    await deliver(
      event<'message.media'>({
        type: 'message.media',
        externalId,
        media: { kind: 'image', key: 'C#other/media/x/1-a.jpg', mimetype: 'image/jpeg' },
      }),
    );
    expect(await message(externalId)).toMatchObject({ mediaType: null });
    expect((await getMessage(t.company.id, connection.id, externalId))!.mediaKey).toBeNull();
  });

  it('keeps one reaction per person, replaced by the next and removed by an empty one', async () => {
    const externalId = await recorded(true);
    const from = { jid: '5511988887777@s.whatsapp.net', number: '5511988887777' };
    await deliver(event<'message.reaction'>({ type: 'message.reaction', externalId, emoji: '👍', fromMe: false, from }));
    await deliver(event<'message.reaction'>({ type: 'message.reaction', externalId, emoji: '❤️', fromMe: false, from }));
    await deliver(event<'message.reaction'>({ type: 'message.reaction', externalId, emoji: '🙏', fromMe: true }));
    expect((await message(externalId))!.reactions).toEqual({ '5511988887777': '❤️', me: '🙏' });
    await deliver(event<'message.reaction'>({ type: 'message.reaction', externalId, emoji: '', fromMe: false, from }));
    expect((await message(externalId))!.reactions).toEqual({ '5511988887777': '', me: '🙏' });
  });
});
