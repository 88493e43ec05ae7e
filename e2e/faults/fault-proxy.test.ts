/** The fault proxies themselves (DynamoDB, the gateway, SQS), against a stand-in upstream that counts the calls it applied. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { DeleteMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { seededRandom } from '@atende/shared/seeded-random';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dynamoDbFaultProfile, dynamoDbFlavor } from './support/dynamodb-flavor';
import { decide, startFaultProxy, type FaultProxy } from './support/fault-proxy';
import { gatewayFlavor } from './support/gateway-flavor';
import { sessionHostSqsFaultProfile, sqsFlavor } from './support/sqs-flavor';

let upstream: Server;
let upstreamUrl: string;
let applied: string[] = [];
const proxies: FaultProxy[] = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      applied.push(`${String(req.headers['x-amz-target'] ?? req.url)} ${body}`);
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', () => resolve()));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterEach(async () => {
  applied = [];
  await Promise.all(proxies.splice(0).map((p) => p.stop()));
});
afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

async function proxyFor(seed = 7): Promise<FaultProxy> {
  const proxy = await startFaultProxy({ flavor: dynamoDbFlavor, seed, target: upstreamUrl, timeoutMs: 300 });
  proxies.push(proxy);
  return proxy;
}

/** The SDK as the platform uses it, with no retries, so each fault is seen. */
const clientOf = (proxy: FaultProxy) =>
  new DynamoDBClient({
    endpoint: proxy.url,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });

const put = (client: DynamoDBClient, n: number) =>
  client.send(new PutItemCommand({ TableName: 't', Item: { pk: { S: `k${n}` } } }));

describe('DynamoDB fault proxy', () => {
  it('passes calls through untouched with no faults, counting them per operation', async () => {
    const proxy = await proxyFor();
    const client = clientOf(proxy);
    await put(client, 1);
    expect(applied).toHaveLength(1);
    expect(applied[0]).toContain('DynamoDB_20120810.PutItem');
    expect(applied[0]).toContain('"k1"');
    expect(proxy.stats()).toEqual({ PutItem: { calls: 1, faults: {}, after: 0 } });
    client.destroy();
  });

  it.each([
    ['throughput', 'ProvisionedThroughputExceededException'],
    ['throttling', 'ThrottlingException'],
    ['server-error', 'InternalServerError'],
  ] as const)('answers %s the way DynamoDB does (the SDK sees %s), before the write', async (kind, name) => {
    const proxy = await proxyFor();
    proxy.profile = { PutItem: { share: 1, kinds: [kind] } };
    const client = clientOf(proxy);
    await expect(put(client, 2)).rejects.toMatchObject({ name });
    expect(applied).toEqual([]);
    client.destroy();
  });

  it('fails AFTER applying the write when told to: the item is written, the caller sees an error', async () => {
    const proxy = await proxyFor();
    proxy.profile = { PutItem: { share: 1, kinds: ['throttling'], afterShare: 1 } };
    const client = clientOf(proxy);
    await expect(put(client, 3)).rejects.toMatchObject({ name: 'ThrottlingException' });
    expect(applied).toHaveLength(1);
    expect(proxy.stats().PutItem).toEqual({ calls: 1, faults: { throttling: 1 }, after: 1 });
    client.destroy();
  });

  it('times out: holds the call, then drops the connection without an answer (after the write too)', async () => {
    const proxy = await proxyFor();
    proxy.profile = { '*': { share: 1, kinds: ['timeout'], afterShare: 1 } };
    const client = clientOf(proxy);
    const started = Date.now();
    await expect(put(client, 4)).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(applied).toHaveLength(1);
    client.destroy();
  });

  it('adds latency', async () => {
    const proxy = await proxyFor();
    proxy.profile = { PutItem: { share: 0, kinds: [], latencyMs: [200, 200] } };
    const client = clientOf(proxy);
    const started = Date.now();
    await put(client, 5);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    client.destroy();
  });

  it('is seeded per operation: the same seed fails the same calls, whatever other operations do', async () => {
    const pattern = async (seed: number, interleave: boolean) => {
      const proxy = await proxyFor(seed);
      proxy.profile = { '*': { share: 0.5, kinds: ['server-error'] } };
      const client = clientOf(proxy);
      const outcome: boolean[] = [];
      for (let n = 0; n < 24; n++) {
        if (interleave)
          await client.send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'x' } } })).catch(() => undefined);
        outcome.push(
          await put(client, n).then(
            () => true,
            () => false,
          ),
        );
      }
      client.destroy();
      return outcome.join();
    };
    const first = await pattern(42, false);
    expect(await pattern(42, true)).toBe(first); // the GetItems draw from their own generator
    expect(first).toContain('true');
    expect(first).toContain('false');
    expect(await pattern(43, false)).not.toBe(first);
  });

  it('draws a share of faults close to the rule’s, with half of them after the write', () => {
    const random = seededRandom(1);
    const rule = dynamoDbFaultProfile(0.2).PutItem!;
    const decisions = Array.from({ length: 5000 }, () => decide(rule, random));
    const failed = decisions.filter((d) => d.fault);
    expect(failed.length / 5000).toBeGreaterThan(0.17);
    expect(failed.length / 5000).toBeLessThan(0.23);
    expect(failed.filter((d) => d.after).length / failed.length).toBeGreaterThan(0.4);
    expect(new Set(failed.map((d) => d.fault))).toEqual(new Set(['throughput', 'throttling', 'server-error', 'timeout']));
  });
});

describe('gateway fault proxy', () => {
  it('answers 504 after the request ran upstream, as API Gateway does when the function is slow', async () => {
    const proxy = await startFaultProxy({ flavor: gatewayFlavor, seed: 1, target: upstreamUrl });
    proxies.push(proxy);
    proxy.profile = { 'POST /messages': { share: 1, kinds: ['gateway-timeout'], afterShare: 1 } };
    const answer = await fetch(`${proxy.url}/api/messages/t1`, { method: 'POST', body: '{"body":"oi"}' });
    expect(answer.status).toBe(504);
    expect(await answer.json()).toEqual({ message: 'Endpoint request timed out' });
    expect(applied).toEqual(['/api/messages/t1 {"body":"oi"}']);
    const read = await fetch(`${proxy.url}/api/messages/t1`);
    expect(read.status).toBe(200); // other operations pass
  });
});

describe('SQS fault proxy (between the session host and SQS)', () => {
  const sqsThrough = async () => {
    const proxy = await startFaultProxy({ flavor: sqsFlavor, seed: 3, target: upstreamUrl, timeoutMs: 300 });
    proxies.push(proxy);
    const client = new SQSClient({
      endpoint: proxy.url,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      maxAttempts: 1,
    });
    return { proxy, client };
  };
  const remove = (client: SQSClient) =>
    client.send(new DeleteMessageCommand({ QueueUrl: `${upstreamUrl}/000000000000/q.fifo`, ReceiptHandle: 'r1' }));

  it.each([
    ['throttling', 'RequestThrottled'],
    ['server-error', 'InternalError'],
  ] as const)('answers %s the way SQS does (the SDK sees %s), before the call', async (kind, name) => {
    const { proxy, client } = await sqsThrough();
    proxy.profile = { DeleteMessage: { share: 1, kinds: [kind] } };
    await expect(remove(client)).rejects.toMatchObject({ name });
    expect(applied).toEqual([]);
    client.destroy();
  });

  it('names each call by its action, and fails a delete after SQS applied it when told to', async () => {
    const { proxy, client } = await sqsThrough();
    proxy.profile = sessionHostSqsFaultProfile(1, 0);
    for (const rule of Object.values(proxy.profile)) rule.afterShare = 1;
    await expect(remove(client)).rejects.toThrow();
    expect(applied).toHaveLength(1);
    expect(applied[0]).toContain('AmazonSQS.DeleteMessage');
    expect(proxy.stats().DeleteMessage).toMatchObject({ calls: 1, after: 1 });
    expect(sessionHostSqsFaultProfile(0.5, 0.1).ReceiveMessage!.share).toBe(0.1);
    client.destroy();
  });
});
