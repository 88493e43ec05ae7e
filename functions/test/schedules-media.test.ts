/**
 * Attachments of scheduled messages (spec part 1 §5 "Schedule", §7 `POST/DELETE
 * /schedules/{id}/media-upload`): presigned upload then attach, the rules at both steps, removal,
 * and the files going out with the schedule, once.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MSG, SCHEDULE_MSG, type ScheduleDto, type TicketDto } from '@atende/shared';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../src/data/client';
import { SCHEDULE_SEND_JOB } from '../src/domain/schedules/schedule-job';
import { runScheduledSend } from '../src/domain/schedules/send-scheduled-message';
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
afterEach(async () => {
  await queues.take('outbound-0');
});

const inMinutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
const upload = (token: string, id: string, body: unknown) =>
  apiCall('messages', 'POST', '/schedules/{id}/media-upload', { token, pathParameters: { id }, body });
const detach = (token: string, id: string, originalName: string) =>
  apiCall('messages', 'DELETE', '/schedules/{id}/media-upload', { token, pathParameters: { id }, query: { originalName } });
const pdf = (name: string, bytes = Buffer.from(`%PDF-1.4 ${name}`)) => ({
  bytes,
  file: { fileName: name, mimetype: 'application/pdf', size: bytes.length },
});

async function contactTicket(): Promise<TicketDto> {
  const number = newNumber();
  await customerSays(w, { number, body: 'oi' });
  return (await ticketOf(w, number))!;
}
async function newSchedule(token = w.operatorA.token, t?: TicketDto): Promise<ScheduleDto> {
  const ticket = t ?? (await contactTicket());
  const res = await apiCall('messages', 'POST', '/schedules', {
    token,
    body: { body: 'Segue o contrato', contactId: ticket.contactId, sendAt: inMinutes(60) },
  });
  expect(res.status).toBe(201);
  return res.body;
}
/** The console's three steps: ask, PUT to S3, confirm with the key. */
async function attach(token: string, id: string, f: ReturnType<typeof pdf>): Promise<ScheduleDto> {
  const asked = await upload(token, id, { typeArch: 'schedule', file: f.file });
  expect(asked.status).toBe(200);
  const put = await fetch(asked.body.upload.url, { method: 'PUT', headers: asked.body.upload.headers, body: f.bytes });
  expect(put.status).toBe(200);
  const confirmed = await upload(token, id, { typeArch: 'schedule', file: f.file, key: asked.body.upload.key });
  expect(confirmed.status).toBe(200);
  return confirmed.body.schedule;
}

describe('schedule attachments', () => {
  it('uploads through a presigned PUT, attaches on confirmation (twice = once) and serves a signed URL', async () => {
    const s = await newSchedule();
    const f = pdf('contrato.pdf');
    const asked = await upload(w.operatorA.token, s.id, { typeArch: 'schedule', file: f.file });
    expect(asked.body.upload.key).toContain(`C#${w.cid}/media/schedules/${s.id}/`);
    await fetch(asked.body.upload.url, { method: 'PUT', headers: asked.body.upload.headers, body: f.bytes });
    const confirm = { typeArch: 'schedule', file: f.file, key: asked.body.upload.key };

    const first = await upload(w.operatorA.token, s.id, confirm);
    const again = await upload(w.operatorA.token, s.id, confirm);

    expect(first.body.schedule).toMatchObject({ isMedia: true, mediaName: [{ originalName: 'contrato.pdf' }] });
    expect(again.body.schedule.mediaName).toHaveLength(1);
    const shown = (
      await apiCall('messages', 'GET', '/schedules/{id}', { token: w.operatorB.token, pathParameters: { id: s.id } })
    ).body as ScheduleDto;
    const download = await fetch(shown.mediaName[0]!.url!);
    expect(Buffer.from(await download.arrayBuffer()).equals(f.bytes)).toBe(true);
  });

  it('refuses blocked types, over 5 MB, a fourth file and a duplicate name, with the spec warnings', async () => {
    const s = await newSchedule();
    const exe = await upload(w.operatorA.token, s.id, {
      file: { fileName: 'setup.exe', mimetype: 'application/pdf', size: 10 },
    });
    const html = await upload(w.operatorA.token, s.id, { file: { fileName: 'page.txt', mimetype: 'text/html', size: 10 } });
    const big = await upload(w.operatorA.token, s.id, {
      file: { fileName: 'big.pdf', mimetype: 'application/pdf', size: 5 * 1024 * 1024 + 1 },
    });
    expect(exe.status).toBe(400);
    expect(html.status).toBe(400);
    expect(JSON.stringify(exe.body.fields)).toContain(MESSAGE_MSG.blockedType);
    expect(big.status).toBe(400);
    expect(JSON.stringify(big.body.fields)).toContain(MESSAGE_MSG.tooLarge);

    await attach(w.operatorA.token, s.id, pdf('a.pdf'));
    const dup = await upload(w.operatorA.token, s.id, { file: pdf('a.pdf').file });
    expect(dup.status).toBe(400);
    expect(dup.body.fields).toMatchObject({ file: MESSAGE_MSG.duplicateName });
    await attach(w.operatorA.token, s.id, pdf('b.pdf'));
    await attach(w.operatorA.token, s.id, pdf('c.pdf'));
    const fourth = await upload(w.operatorA.token, s.id, { file: pdf('d.pdf').file });
    expect(fourth.status).toBe(400);
    expect(fourth.body.fields).toMatchObject({ file: MESSAGE_MSG.tooMany });
  });

  it('never attaches more than 3 when confirmations race', async () => {
    const s = await newSchedule();
    const files = ['1.pdf', '2.pdf', '3.pdf', '4.pdf', '5.pdf'].map((n) => pdf(n));
    const asked = await Promise.all(files.map((f) => upload(w.operatorA.token, s.id, { file: f.file })));
    await Promise.all(
      asked.map((a, i) =>
        fetch(a.body.upload.url, { method: 'PUT', headers: a.body.upload.headers, body: files[i]!.bytes }),
      ),
    );

    const confirmed = await Promise.all(
      asked.map((a, i) => upload(w.operatorA.token, s.id, { file: files[i]!.file, key: a.body.upload.key })),
    );

    expect(confirmed.filter((r) => r.status === 200)).toHaveLength(3);
    expect(confirmed.filter((r) => r.status === 400 || r.status === 409)).toHaveLength(2);
    const after = (
      await apiCall('messages', 'GET', '/schedules/{id}', { token: w.admin.token, pathParameters: { id: s.id } })
    ).body as ScheduleDto;
    expect(after.mediaName).toHaveLength(3);
  });

  it("refuses keys of another schedule, missing uploads, other users' schedules and sent ones", async () => {
    const s = await newSchedule();
    const other = await newSchedule();
    const f = pdf('x.pdf');
    const asked = await upload(w.operatorA.token, other.id, { file: f.file });
    await fetch(asked.body.upload.url, { method: 'PUT', headers: asked.body.upload.headers, body: f.bytes });
    const never = await upload(w.operatorA.token, s.id, { file: pdf('y.pdf').file });

    const foreignKey = await upload(w.operatorA.token, s.id, { file: f.file, key: asked.body.upload.key });
    expect([foreignKey.status, foreignKey.body.fields]).toEqual([400, { file: 'validation.invalid' }]);
    expect((await upload(w.operatorA.token, s.id, { file: pdf('y.pdf').file, key: never.body.upload.key })).status).toBe(
      400,
    );
    expect((await upload(w.operatorB.token, s.id, { file: f.file })).status).toBe(403);
    expect((await detach(w.operatorB.token, s.id, 'x.pdf')).status).toBe(403);

    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: `C#${w.cid}#SCHED`, SK: s.id },
        UpdateExpression: 'SET sentAt = :now',
        ExpressionAttributeValues: { ':now': new Date().toISOString() },
      }),
    );
    const late = await upload(w.operatorA.token, s.id, { file: f.file });
    expect(late.status).toBe(400);
    expect(late.body.fields).toMatchObject({ sendAt: SCHEDULE_MSG.alreadySent });
  });

  it('removes one attachment by its original name', async () => {
    const s = await newSchedule();
    await attach(w.operatorA.token, s.id, pdf('fica.pdf'));
    await attach(w.operatorA.token, s.id, pdf('sai.pdf'));

    const res = await detach(w.operatorA.token, s.id, 'sai.pdf');

    expect(res.status).toBe(200);
    expect((res.body as ScheduleDto).mediaName.map((m) => m.originalName)).toEqual(['fica.pdf']);
    expect((await detach(w.operatorA.token, s.id, 'sai.pdf')).status).toBe(404);
    // the freed name may be attached again
    expect((await attach(w.operatorA.token, s.id, pdf('sai.pdf'))).mediaName).toHaveLength(2);
  });

  it('sends the text and then each file through the outbound queue, once, even when run again', async () => {
    const t = await contactTicket();
    await putTicket(w.operatorA.token, t.id, { status: 'open', userId: w.operatorA.user.id });
    await queues.take('outbound-0');
    const s = await newSchedule(w.operatorA.token, t);
    await attach(w.operatorA.token, s.id, pdf('contrato.pdf'));
    const photo = { bytes: Buffer.from('png bytes'), file: { fileName: 'foto.png', mimetype: 'image/png', size: 9 } };
    await attach(w.operatorA.token, s.id, photo);
    const job = { companyId: w.cid, jobType: SCHEDULE_SEND_JOB, jobId: s.id, dueAt: s.sendAt };

    await runScheduledSend(job);
    // a crash after sending but before `sentAt` was recorded: the retry sends nothing new
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: `C#${w.cid}#SCHED`, SK: s.id },
        UpdateExpression: 'SET sentAt = :nothing, #status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':nothing': null, ':pending': 'PENDENTE' },
      }),
    );
    await runScheduledSend(job);

    const sends = (await queues.take('outbound-0')).map((c) => c.body).filter((c) => c.type === 'message.send');
    const distinct = new Map(sends.map((c) => [c.commandId, c]));
    expect(distinct.size).toBe(3);
    expect([...distinct.values()].map((c) => c.text ?? c.media?.fileName)).toEqual([
      'Segue o contrato',
      'contrato.pdf',
      'foto.png',
    ]);
    expect([...distinct.values()][2].media).toMatchObject({ kind: 'image', mimetype: 'image/png' });
    const messages = (
      await apiCall('messages', 'GET', '/messages/{id}', { token: w.admin.token, pathParameters: { id: t.id } })
    ).body.messages as { mediaName?: string | null }[];
    expect(messages.filter((m) => m.mediaName === 'contrato.pdf' || m.mediaName === 'foto.png')).toHaveLength(2);
  });
});
