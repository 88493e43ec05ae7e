/**
 * Issue 8 item 6 (media): customer media is never served as an inline HTML/SVG "document": the signed
 * URL fixes a safe Content-Type and, for anything but plain images/audio/video, an attachment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMessageDto } from '../src/domain/messages/message-dto';
import type { MessageRecord } from '../src/data/messages';
import { resetStorageClient } from '../src/platform/storage';

const saved = { bucket: process.env.MEDIA_BUCKET, endpoint: process.env.S3_ENDPOINT };
beforeAll(() => {
  process.env.MEDIA_BUCKET = 'media-test';
  process.env.S3_ENDPOINT = 'http://127.0.0.1:9'; // signing only: nothing is fetched
  resetStorageClient();
});
afterAll(() => {
  for (const [name, value] of [
    ['MEDIA_BUCKET', saved.bucket],
    ['S3_ENDPOINT', saved.endpoint],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetStorageClient();
});

const message = (mediaMimetype: string, mediaFileName: string): MessageRecord => ({
  id: 'm1',
  companyId: 'c1',
  connectionId: 'w1',
  contactId: 'k1',
  externalId: 'e1',
  body: '',
  fromMe: false,
  mediaKey: `C#c1/media/w1/01X-${mediaFileName}`,
  mediaType: 'document',
  mediaMimetype,
  mediaFileName,
  ack: 0,
  read: false,
  isDeleted: false,
  editedMessage: null,
  quotedMsg: null,
  isGroup: false,
  participant: null,
  ticketId: null,
  queueId: null,
  clientMessageId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const served = async (mimetype: string, fileName: string) => {
  const url = new URL((await toMessageDto(message(mimetype, fileName))).mediaUrl!);
  return {
    type: url.searchParams.get('response-content-type'),
    disposition: url.searchParams.get('response-content-disposition'),
  };
};

describe('media URLs', () => {
  it('an HTML or SVG "document" downloads as an opaque attachment', async () => {
    for (const [type, name] of [
      ['text/html', 'fatura.html'],
      ['image/svg+xml', 'logo.svg'],
      ['application/xhtml+xml', 'x.xhtml'],
      ['text/html; charset=utf-8', 'a"b.html'],
    ] as const) {
      const got = await served(type, name);
      expect(got.type).toBe('application/octet-stream');
      expect(got.disposition).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''/);
    }
  });

  it('plain images, audio and video stay inline with their own type', async () => {
    expect(await served('image/jpeg', 'foto.jpg')).toMatchObject({
      type: 'image/jpeg',
      disposition: expect.stringMatching(/^inline;/),
    });
    expect(await served('audio/ogg; codecs=opus', 'voz.ogg')).toMatchObject({
      type: 'audio/ogg',
      disposition: expect.stringMatching(/^inline;/),
    });
  });
});
