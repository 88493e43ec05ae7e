/**
 * Quick replies (spec part 3 §2 "Quick replies page", §5 "Quick reply", §6, §7): CRUD with the toAll
 * rules per profile, attachments through presigned uploads with the spec's warnings, and a reply's
 * files sent from a ticket (the '/' shortcut).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MSG, QUICK_MESSAGE_MSG, type QuickMessageDto } from '@atende/shared';
import { apiCall } from './support/api-event';
import { startMediaBucket } from './support/media-bucket';
import {
  createWorkspace,
  customerSays,
  newNumber,
  putTicket,
  startWorkspaceEmulators,
  ticketOf,
  type Workspace,
} from './support/ticket-fixtures';

let queues: Awaited<ReturnType<typeof startWorkspaceEmulators>>;
let s3: Awaited<ReturnType<typeof startMediaBucket>>;
let w: Workspace;

beforeAll(async () => {
  queues = await startWorkspaceEmulators();
  s3 = await startMediaBucket();
  w = await createWorkspace();
});
afterAll(async () => {
  await s3?.stop();
  await queues?.stop();
});

const create = (token: string, body: unknown) => apiCall('messages', 'POST', '/quick-messages', { token, body });
const update = (token: string, id: string, body: unknown) =>
  apiCall('messages', 'PUT', '/quick-messages/{id}', { token, pathParameters: { id }, body });
const remove = (token: string, id: string) =>
  apiCall('messages', 'DELETE', '/quick-messages/{id}', { token, pathParameters: { id } });
const show = (token: string, id: string) =>
  apiCall('messages', 'GET', '/quick-messages/{id}', { token, pathParameters: { id } });
const list = async (token: string) =>
  (await apiCall('queues', 'GET', '/quick-messages/list', { token })).body as QuickMessageDto[];
const upload = (token: string, id: string, body: unknown) =>
  apiCall('messages', 'POST', '/quick-messages/{id}/media-upload', { token, pathParameters: { id }, body });
const pdf = (name: string, bytes = Buffer.from(`%PDF-1.4 ${name}`)) => ({
  bytes,
  file: { fileName: name, mimetype: 'application/pdf', size: bytes.length },
});
async function attach(token: string, id: string, f: ReturnType<typeof pdf>): Promise<QuickMessageDto> {
  const asked = await upload(token, id, { typeArch: 'quickMessage', file: f.file });
  expect(asked.status).toBe(200);
  const put = await fetch(asked.body.upload.url, { method: 'PUT', headers: asked.body.upload.headers, body: f.bytes });
  expect(put.status).toBe(200);
  const confirmed = await upload(token, id, { file: f.file, key: asked.body.upload.key });
  expect(confirmed.status).toBe(200);
  return confirmed.body.record;
}

describe('toAll rules (spec part 3 §6)', () => {
  it("admins set toAll and manage everyone's; users only their own that are not toAll", async () => {
    const shared = await create(w.admin.token, { shortcode: 'boasvindas', message: 'Olá! Como posso ajudar?', toAll: true });
    expect(shared.status).toBe(201);
    expect(shared.body).toMatchObject({ toAll: true, userId: w.admin.user.id, isMedia: false, mediaName: null });
    const mine = await create(w.operatorA.token, { shortcode: 'pix', message: 'Nossa chave Pix é …' });
    expect(mine.status).toBe(201);
    expect(mine.body).toMatchObject({ toAll: false, userId: w.operatorA.user.id });

    // a user may not make a reply for everyone, nor change one
    expect((await create(w.operatorA.token, { shortcode: 'todos', message: 'x', toAll: true })).status).toBe(403);
    expect((await update(w.operatorA.token, mine.body.id, { toAll: true })).status).toBe(403);
    expect((await update(w.operatorA.token, shared.body.id, { message: 'mudei' })).status).toBe(403);
    expect((await remove(w.operatorA.token, shared.body.id)).status).toBe(403);
    // their own: yes
    const edited = await update(w.operatorA.token, mine.body.id, { message: 'Chave Pix: 123' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ message: 'Chave Pix: 123', shortcode: 'pix', toAll: false });
    // admins change the company's
    expect((await update(w.admin.token, shared.body.id, { message: 'Olá!' })).body).toMatchObject({ message: 'Olá!' });

    // "only me" stays private: another user neither lists nor reads it
    expect((await list(w.operatorA.token)).map((q) => q.shortcode)).toEqual(expect.arrayContaining(['boasvindas', 'pix']));
    expect((await list(w.operatorB.token)).map((q) => q.shortcode)).not.toContain('pix');
    expect((await show(w.operatorB.token, mine.body.id)).status).toBe(404);
    expect((await update(w.operatorB.token, mine.body.id, { message: 'meu' })).status).toBe(404);

    // an admin's own becomes the company's and back; the user's delete of their own
    const adminOwn = await create(w.admin.token, { shortcode: 'rascunho', message: 'só meu' });
    expect((await list(w.operatorA.token)).map((q) => q.id)).not.toContain(adminOwn.body.id);
    await update(w.admin.token, adminOwn.body.id, { toAll: true });
    expect((await list(w.operatorA.token)).map((q) => q.id)).toContain(adminOwn.body.id);
    expect((await remove(w.operatorA.token, mine.body.id)).status).toBe(204);
    expect((await show(w.operatorA.token, mine.body.id)).status).toBe(404);
  });

  it('requires shortcode and message', async () => {
    const res = await create(w.operatorA.token, { shortcode: ' ', message: '' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ERR_VALIDATION');
    expect(Object.keys(res.body.fields)).toEqual(expect.arrayContaining(['shortcode', 'message']));
  });
});

describe('attachments (spec part 3 §5, §8)', () => {
  it('up to 3 files of allowed types and 5 MB, no duplicate name, with the spec warnings', async () => {
    const q = (await create(w.operatorA.token, { shortcode: 'docs', message: 'Seguem os documentos' })).body;
    const a = await attach(w.operatorA.token, q.id, pdf('a.pdf'));
    expect(a).toMatchObject({ isMedia: true, mediaName: JSON.stringify([{ originalName: 'a.pdf' }]) });
    expect(a.medias[0]!.key).toContain(`C#${w.cid}/media/quickmessages/${q.id}/`);

    const dup = await upload(w.operatorA.token, q.id, { file: pdf('a.pdf').file });
    expect(dup.status).toBe(400);
    expect(dup.body.fields).toMatchObject({ file: QUICK_MESSAGE_MSG.duplicateName });
    const exe = await upload(w.operatorA.token, q.id, { file: { fileName: 'x.exe', mimetype: 'application/pdf', size: 9 } });
    expect(JSON.stringify(exe.body.fields)).toContain(MESSAGE_MSG.blockedType);
    const big = await upload(w.operatorA.token, q.id, {
      file: { fileName: 'big.pdf', mimetype: 'application/pdf', size: 5 * 1024 * 1024 + 1 },
    });
    expect(JSON.stringify(big.body.fields)).toContain(MESSAGE_MSG.tooLarge);
    await attach(w.operatorA.token, q.id, pdf('b.pdf'));
    await attach(w.operatorA.token, q.id, pdf('c.pdf'));
    const fourth = await upload(w.operatorA.token, q.id, { file: pdf('d.pdf').file });
    expect(fourth.body.fields).toMatchObject({ file: MESSAGE_MSG.tooMany });
    // another user cannot attach to it
    expect((await upload(w.operatorB.token, q.id, { file: pdf('e.pdf').file })).status).toBe(404);

    const removed = await apiCall('messages', 'DELETE', '/quick-messages/{id}/media-upload', {
      token: w.operatorA.token,
      pathParameters: { id: q.id },
      query: { originalName: 'b.pdf' },
    });
    expect(removed.status).toBe(200);
    expect((removed.body as QuickMessageDto).medias.map((m) => m.originalName)).toEqual(['a.pdf', 'c.pdf']);
  });

  it("a reply's files go out from a ticket (the '/' shortcut)", async () => {
    const q = (await create(w.admin.token, { shortcode: 'catalogo', message: 'Nosso catálogo', toAll: true })).body;
    const f = pdf('catalogo.pdf');
    const withFile = await attach(w.admin.token, q.id, f);
    const number = newNumber();
    await customerSays(w, { number, body: 'tem catálogo?' });
    const t = (await ticketOf(w, number))!;
    await putTicket(w.operatorA.token, t.id, { status: 'open', userId: w.operatorA.user.id });
    const media = withFile.medias.map((m) => ({ key: m.key, fileName: m.originalName, mimetype: m.mimetype }));

    const sent = await apiCall('messages', 'POST', '/messages/{id}', {
      token: w.operatorA.token,
      pathParameters: { id: t.id },
      body: { body: q.message, signature: false, medias: media },
    });

    expect(sent.status).toBe(201);
    expect(sent.body.messages[0]).toMatchObject({
      mediaType: 'document',
      mediaName: 'catalogo.pdf',
      body: 'Nosso catálogo',
    });
    // a key outside the company's quick replies and this ticket is still refused
    const foreign = [{ key: `C#other/media/quickmessages/${q.id}/x.pdf`, fileName: 'x.pdf', mimetype: 'application/pdf' }];
    const refused = await apiCall('messages', 'POST', '/messages/{id}', {
      token: w.operatorA.token,
      pathParameters: { id: t.id },
      body: { body: 'x', medias: foreign },
    });
    expect(refused.status).toBe(400);
    await queues.take('outbound-0');
  });
});
