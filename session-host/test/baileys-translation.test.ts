/**
 * Baileys 7 payloads (shapes as Baileys emits them: see lib/Utils/process-message.js and
 * lib/Socket/messages-recv.js) → channel event bodies, and commands → sendMessage arguments.
 */
import { proto, WAMessageStubType, type WAMessage } from '@whiskeysockets/baileys';
import { describe, expect, it } from 'vitest';
import type { SendCommand } from '../src/adapters/channel-adapter';
import { contactFromBaileysContact, contactFromJids } from '../src/adapters/baileys/contact-identity';
import {
  ackOfStatus,
  bodyOf,
  channelMessageOf,
  eventsOfContacts,
  eventsOfLidMapping,
  eventsOfReceipt,
  eventsOfUpdate,
  mediaOf,
} from '../src/adapters/baileys/message-translation';
import { sendArguments } from '../src/adapters/baileys/outbound-content';

const base = {
  commandId: 'c1',
  companyId: 'co',
  connectionId: 'cn',
  issuedAt: '2025-01-01T00:00:00Z',
  clientMessageId: 'm1',
};
const sendCommand = (fields: Partial<SendCommand>): SendCommand =>
  ({ ...base, type: 'message.send', to: '5511988887777', ...fields }) as SendCommand;

describe('inbound messages', () => {
  it('maps a LID-addressed chat to both lid and phone number (Baileys 7 remoteJidAlt)', () => {
    const message: WAMessage = {
      key: {
        remoteJid: '184467440737095@lid',
        remoteJidAlt: '5511988887777@s.whatsapp.net',
        fromMe: false,
        id: 'ABC1',
        addressingMode: 'lid',
      },
      pushName: 'Maria',
      messageTimestamp: 1_735_689_600,
      message: { conversation: 'Olá!' },
    };
    expect(channelMessageOf(message)).toEqual({
      externalId: 'ABC1',
      fromMe: false,
      contact: { jid: '184467440737095@lid', number: '5511988887777', lid: '184467440737095@lid', pushName: 'Maria' },
      isGroup: false,
      body: 'Olá!',
      timestamp: '2025-01-01T00:00:00.000Z',
    });
  });

  it('maps a phone-number chat with a LID alternate, and drops the device suffix', () => {
    expect(contactFromJids('5511988887777:12@s.whatsapp.net', '184467440737095@lid')).toEqual({
      jid: '5511988887777@s.whatsapp.net',
      number: '5511988887777',
      lid: '184467440737095@lid',
    });
  });

  it('keeps the group as the contact and the sender as participant', () => {
    const message: WAMessage = {
      key: {
        remoteJid: '120363000000000000@g.us',
        participant: '184467440737095@lid',
        participantAlt: '5511988887777@s.whatsapp.net',
        fromMe: false,
        id: 'G1',
      },
      pushName: 'Maria',
      message: { extendedTextMessage: { text: 'no grupo', contextInfo: { stanzaId: 'QUOTED1' } } },
    };
    const translated = channelMessageOf(message)!;
    expect(translated.isGroup).toBe(true);
    expect(translated.contact).toEqual({ jid: '120363000000000000@g.us' });
    expect(translated.participant).toMatchObject({ number: '5511988887777', lid: '184467440737095@lid' });
    expect(translated.quotedExternalId).toBe('QUOTED1');
  });

  it('reports messages typed on the phone itself as fromMe without a pushName', () => {
    const message: WAMessage = {
      key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: true, id: 'PHONE1' },
      pushName: 'Loja',
      message: { conversation: 'do celular' },
    };
    expect(channelMessageOf(message)).toMatchObject({
      fromMe: true,
      body: 'do celular',
      contact: { jid: '5511988887777@s.whatsapp.net' },
    });
    expect(channelMessageOf(message)!.contact.pushName).toBeUndefined();
  });

  it('ignores protocol frames, reactions and status broadcasts', () => {
    expect(
      channelMessageOf({
        key: { remoteJid: '5511988887777@s.whatsapp.net', id: 'P' },
        message: { protocolMessage: { type: 0 } },
      }),
    ).toBeUndefined();
    expect(
      channelMessageOf({
        key: { remoteJid: '5511988887777@s.whatsapp.net', id: 'R' },
        message: { reactionMessage: { text: '👍' } },
      }),
    ).toBeUndefined();
    expect(
      channelMessageOf({ key: { remoteJid: 'status@broadcast', id: 'S' }, message: { conversation: 'story' } }),
    ).toBeUndefined();
  });

  it('skips control types, shows interactive replies, and gives every other type a placeholder, never a blank message', () => {
    const chat = { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false };
    const of = (id: string, message: proto.IMessage) => channelMessageOf({ key: { ...chat, id }, message });
    // Poll votes, pins, keep-in-chat, encrypted reactions and event answers: not something a person wrote.
    expect(of('VOTE', { pollUpdateMessage: { pollCreationMessageKey: { id: 'POLL' }, vote: {} } })).toBeUndefined();
    expect(of('PIN', { pinInChatMessage: { key: { id: 'X' }, type: 1 } })).toBeUndefined();
    expect(of('KEEP', { keepInChatMessage: { key: { id: 'X' }, keepType: 1 } })).toBeUndefined();
    expect(of('ENC', { encReactionMessage: { targetMessageKey: { id: 'X' } } })).toBeUndefined();
    expect(of('RSVP', { encEventResponseMessage: { eventCreationMessageKey: { id: 'X' } } })).toBeUndefined();
    expect(
      of('VOTE2', { messageContextInfo: {}, pollUpdateMessage: { pollCreationMessageKey: { id: 'POLL' } } }),
    ).toBeUndefined();
    // A reply to an interactive (native flow) message carries its text.
    expect(of('FLOW', { interactiveResponseMessage: { body: { text: 'Quero falar com vendas' } } })?.body).toBe(
      'Quero falar com vendas',
    );
    // Orders, event invites and types WhatsApp adds later: a placeholder naming the type.
    expect(of('ORDER', { orderMessage: { orderId: '1', itemCount: 2 } })?.body).toBe(
      '[Mensagem não suportada: orderMessage]',
    );
    expect(of('EVENT', { eventMessage: { name: 'Inauguração' } })?.body).toBe('[Mensagem não suportada: eventMessage]');
    expect(of('NEW', { someFutureMessage: {} } as proto.IMessage)?.body).toBe('[Mensagem não suportada: someFutureMessage]');
  });

  it('marks placeholders as unsupported (they open no ticket), and nothing a person wrote', () => {
    const chat = { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false };
    const of = (id: string, message: proto.IMessage) => channelMessageOf({ key: { ...chat, id }, message });
    expect(of('ORDER', { orderMessage: { orderId: '1' } })?.notice).toEqual({ kind: 'unsupported', type: 'orderMessage' });
    expect(of('INVITE', { groupInviteMessage: { groupJid: '1@g.us' } })?.notice).toEqual({
      kind: 'unsupported',
      type: 'groupInviteMessage',
    });
    // A customer who types the placeholder's words wrote a message: no notice.
    expect(of('TYPED', { conversation: '[Mensagem não suportada: conversation]' })?.notice).toBeUndefined();
    for (const handled of [
      { conversation: 'oi' },
      { imageMessage: { caption: '' } },
      { locationMessage: { degreesLatitude: 1, degreesLongitude: 2 } },
      { listResponseMessage: { title: 'Opção 1' } },
      { interactiveResponseMessage: { body: { text: 'ok' } } },
      { pollCreationMessageV3: { name: 'Enquete', options: [] } },
    ] as proto.IMessage[]) {
      expect(of('H', handled)?.notice).toBeUndefined();
    }
    // Baileys' own note of a group call (rc14 messages-recv.js: `{ call: { callKey } }`): a control frame.
    expect(
      channelMessageOf({
        key: { remoteJid: '120363@g.us', id: 'GCALL' },
        message: { call: { callKey: Buffer.from('GCALL') } },
      }),
    ).toBeUndefined();
  });

  it('reads bodies and media of each kind, unwrapping ephemeral and view-once wrappers', () => {
    expect(bodyOf({ ephemeralMessage: { message: { extendedTextMessage: { text: 'efêmera' } } } })).toBe('efêmera');
    expect(bodyOf({ imageMessage: { caption: 'foto' } })).toBe('foto');
    expect(bodyOf({ locationMessage: { degreesLatitude: -23.5, degreesLongitude: -46.6 } })).toContain('-23.5%2C-46.6');
    expect(bodyOf({ buttonsResponseMessage: { selectedDisplayText: 'Sim' } })).toBe('Sim');
    expect(mediaOf({ audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true } })).toEqual({
      kind: 'audio',
      mimetype: 'audio/ogg; codecs=opus',
      voiceNote: true,
    });
    expect(
      mediaOf({
        documentWithCaptionMessage: { message: { documentMessage: { mimetype: 'application/pdf', fileName: 'nota.pdf' } } },
      }),
    ).toEqual({ kind: 'document', mimetype: 'application/pdf', fileName: 'nota.pdf' });
    expect(mediaOf({ viewOnceMessageV2: { message: { videoMessage: { mimetype: 'video/mp4' } } } })).toEqual({
      kind: 'video',
      mimetype: 'video/mp4',
    });
    expect(mediaOf({ stickerMessage: {} })).toEqual({ kind: 'sticker', mimetype: 'image/webp' });
  });
});

describe('updates, receipts and contacts', () => {
  const own = { remoteJid: '5511988887777@s.whatsapp.net', fromMe: true, id: 'OUT1' };

  it('turns status updates of our messages into acks (server 1, delivered 2, read 3, played 4)', () => {
    expect([1, 2, 3, 4, 5].map((s) => ackOfStatus(s))).toEqual([0, 1, 2, 3, 4]);
    expect(eventsOfUpdate({ key: own, update: { status: proto.WebMessageInfo.Status.READ } })).toEqual([
      { type: 'message.ack', externalId: 'OUT1', ack: 3 },
    ]);
    // Receipts of messages the customer sent are not acks of ours.
    expect(eventsOfUpdate({ key: { ...own, fromMe: false }, update: { status: 4 } })).toEqual([]);
  });

  it('reports edits with the new body and revokes as deletions', () => {
    const inbound = { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false, id: 'IN1' };
    expect(
      eventsOfUpdate({
        key: inbound,
        update: { message: { editedMessage: { message: { conversation: 'corrigido' } } }, messageTimestamp: 1 },
      }),
    ).toEqual([{ type: 'message.edited', externalId: 'IN1', body: 'corrigido' }]);
    expect(
      eventsOfUpdate({ key: inbound, update: { message: null, messageStubType: WAMessageStubType.REVOKE, key: inbound } }),
    ).toEqual([{ type: 'message.deleted', externalId: 'IN1' }]);
  });

  it('turns group receipts into the strongest ack they carry, and ignores status broadcast receipts', () => {
    expect(
      eventsOfReceipt({ key: { ...own, remoteJid: '1203@g.us' }, receipt: { userJid: 'x@lid', readTimestamp: 10 } }),
    ).toEqual([{ type: 'message.ack', externalId: 'OUT1', ack: 3 }]);
    // Viewers of the business's status (message-receipt.update for status@broadcast): not acks of a chat message.
    expect(
      eventsOfReceipt({
        key: { ...own, remoteJid: 'status@broadcast' },
        receipt: { userJid: '5511988887777@s.whatsapp.net', readTimestamp: 10 },
      }),
    ).toEqual([]);
  });

  it('maps contact upserts with lid and phone number, and lid-mapping updates', () => {
    expect(
      contactFromBaileysContact({
        id: '184467440737095@lid',
        phoneNumber: '5511988887777@s.whatsapp.net',
        notify: 'Maria',
        name: 'Maria Silva',
      }),
    ).toEqual({
      jid: '184467440737095@lid',
      number: '5511988887777',
      lid: '184467440737095@lid',
      name: 'Maria Silva',
      pushName: 'Maria',
    });
    expect(eventsOfContacts([{ id: '1203@g.us', name: 'grupo' }])).toEqual([]);
    expect(
      eventsOfContacts([{ id: '5511988887777@s.whatsapp.net', imgUrl: 'https://pps.whatsapp.net/x' }])[0],
    ).toMatchObject({ profilePicUrl: 'https://pps.whatsapp.net/x' });
    expect(eventsOfLidMapping({ lid: '184467440737095@lid', pn: '5511988887777@s.whatsapp.net' })).toEqual([
      {
        type: 'contact.updated',
        contact: { jid: '5511988887777@s.whatsapp.net', number: '5511988887777', lid: '184467440737095@lid' },
      },
    ]);
  });
});

describe('outbound commands → sendMessage arguments', () => {
  const bytes = Buffer.from('file');

  it('sends text to the number JID under the id derived from the command', () => {
    expect(sendArguments(sendCommand({ text: 'Oi' }), '3EB0AA', undefined)).toEqual({
      jid: '5511988887777@s.whatsapp.net',
      content: { text: 'Oi' },
      options: { messageId: '3EB0AA' },
    });
  });

  it('keeps LID and group JIDs as given', () => {
    expect(sendArguments(sendCommand({ to: '184467440737095@lid', text: 'x' }), 'id').jid).toBe('184467440737095@lid');
  });

  it('maps each media kind, with audio as a voice note when asked', () => {
    const media = (kind: 'image' | 'audio' | 'video' | 'document', extra = {}) =>
      sendArguments(
        sendCommand({
          text: 'legenda',
          media: { kind, key: 'k', mimetype: `${kind === 'document' ? 'application/pdf' : `${kind}/x`}`, ...extra },
        }),
        'id',
        bytes,
      ).content;
    expect(media('image')).toEqual({ image: bytes, caption: 'legenda', mimetype: 'image/x' });
    expect(media('video')).toEqual({ video: bytes, caption: 'legenda', mimetype: 'video/x' });
    expect(
      sendArguments(sendCommand({ media: { kind: 'audio', key: 'k', mimetype: 'audio/ogg', voiceNote: true } }), 'id', bytes)
        .content,
    ).toEqual({ audio: bytes, ptt: true, mimetype: 'audio/ogg; codecs=opus' });
    expect(media('document', { fileName: 'nota.pdf' })).toEqual({
      document: bytes,
      mimetype: 'application/pdf',
      fileName: 'nota.pdf',
      caption: 'legenda',
    });
  });

  it('quotes the replied-to message with its key and text', () => {
    const { options } = sendArguments(
      sendCommand({ text: 'resposta', quoted: { externalId: 'Q1', fromMe: false, body: 'pergunta' } }),
      'id',
    );
    expect(options.quoted).toEqual({
      key: { remoteJid: '5511988887777@s.whatsapp.net', id: 'Q1', fromMe: false, participant: undefined },
      message: { conversation: 'pergunta' },
    });
  });
});
