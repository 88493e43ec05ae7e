import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { localClientConfig } from '../local/emulators/local-aws';
import { MEDIA_BUCKET, startLocalStack, type LocalStack, type LocalStackOptions } from '../local/stack';
import { isProcessAlive } from '../local/data-dir';

const dataDir = mkdtempSync(join(tmpdir(), 'atende-local-data-'));
const options: LocalStackOptions = { dataDir, web: 'none', sessionHost: false, pollers: false, scheduler: false };
let stack: LocalStack | undefined;
afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const documents = (s: LocalStack) =>
  DynamoDBDocumentClient.from(new DynamoDBClient(localClientConfig(s.endpoints.dynamodb)));
const media = (s: LocalStack) => new S3Client({ ...localClientConfig(s.endpoints.s3), forcePathStyle: true });
const MEDIA_KEY = 'C#test/media/conn-1/01TEST-photo.jpg';

describe('local stack on a data folder', () => {
  it('keeps table items, media, the JWT secret and the seeded logins across a restart', async () => {
    stack = await startLocalStack(options);
    const first = stack;
    const javaPid = Number(readFileSync(join(dataDir, 'dynamodb-local.pid'), 'utf8'));
    await documents(first).send(
      new PutCommand({ TableName: first.env.TABLE_NAME, Item: { PK: 'TEST#persist', SK: 'item', value: 42 } }),
    );
    await media(first).send(
      new PutObjectCommand({
        Bucket: MEDIA_BUCKET,
        Key: MEDIA_KEY,
        Body: Buffer.from([1, 2, 3]),
        ContentType: 'image/jpeg',
      }),
    );

    expect(first.env).toMatchObject({
      STAGE: 'local',
      LOCAL_MODE: 'true',
      WS_MANAGEMENT_ENDPOINT: first.url,
      QUEUE_URL_INBOUND: expect.stringMatching(/inbound\.fifo$/),
    });
    expect(first.seeded.created).toBe(true);
    expect(first.seeded.logins.map((l) => l.role)).toHaveLength(3);
    expect(statSync(join(dataDir, 'seed-credentials.json')).mode & 0o777).toBe(0o600);

    await first.stop();
    stack = undefined;
    expect(isProcessAlive(javaPid)).toBe(false);
    expect(existsSync(join(dataDir, 'stack.pid'))).toBe(false);

    stack = await startLocalStack(options);
    const item = await documents(stack).send(
      new GetCommand({ TableName: stack.env.TABLE_NAME, Key: { PK: 'TEST#persist', SK: 'item' } }),
    );
    const object = await media(stack).send(new GetObjectCommand({ Bucket: MEDIA_BUCKET, Key: MEDIA_KEY }));

    expect(item.Item?.value).toBe(42);
    expect([...(await object.Body!.transformToByteArray())]).toEqual([1, 2, 3]);
    expect(stack.env.JWT_SECRET).toBe(first.env.JWT_SECRET);
    expect(stack.seeded.created).toBe(false);
    expect(stack.seeded.logins.map((l) => l.password)).toEqual(first.seeded.logins.map((l) => l.password));
  });

  it('refuses a second stack on the same data folder', async () => {
    await expect(startLocalStack(options)).rejects.toThrow(/in use by another local stack/);
  });
});

describe('in-memory local stack', () => {
  it('wires the manifest: queue consumers, the scheduler and the REST routes reach their areas', async () => {
    const calls: string[] = [];
    const memory = await startLocalStack({
      web: 'none',
      sessionHost: false,
      seed: false,
      handlers: {
        dispatch: async (event: SQSEvent) => {
          calls.push(`dispatch:${event.Records.map((r) => r.body).join()}`);
          return { batchItemFailures: [] };
        },
        scheduler: async () => {
          calls.push('scheduler');
        },
        auth: async () => ({ statusCode: 200, body: '{}' }),
      },
    });
    try {
      const sqs = new SQSClient(localClientConfig(memory.endpoints.sqs));
      await sqs.send(new SendMessageCommand({ QueueUrl: memory.env.QUEUE_URL_DISPATCH, MessageBody: 'job-1' }));
      await memory.scheduler!.tick();
      const me = await fetch(`${memory.apiUrl}/auth/me`);
      for (let i = 0; i < 100 && !calls.includes('dispatch:job-1'); i++) await new Promise((r) => setTimeout(r, 50));
      sqs.destroy();

      expect(me.status).toBe(200);
      expect(calls).toContain('scheduler');
      expect(calls).toContain('dispatch:job-1');
      expect(memory.env.QUEUE_URL_OUTBOUND_0).toMatch(/outbound-0\.fifo$/);
    } finally {
      await memory.stop();
    }
  });
});
