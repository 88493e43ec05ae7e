/** Issue 29 §2.12: the host's AWS clients give up on a hung connection instead of waiting forever. */
import { createServer, type Server, type Socket } from 'node:net';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ListQueuesCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAwsClients, REQUEST_TIMEOUTS_MS } from '../src/aws/clients';

let server: Server;
let endpoint: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  // Accepts connections and never answers: a stuck endpoint.
  server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  endpoint = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

describe('AWS clients', () => {
  it('time out a request that never gets an answer (DynamoDB, SQS)', async () => {
    const clients = createAwsClients(
      { region: 'us-east-1', dynamoDbEndpoint: endpoint, sqsEndpoint: endpoint, s3Endpoint: endpoint },
      { connect: 200, dynamoDb: 200, sqs: 200, s3: 200 },
    );
    try {
      const started = Date.now();
      await expect(clients.ddb.send(new GetCommand({ TableName: 't', Key: { PK: 'a', SK: 'b' } }))).rejects.toThrow();
      await expect(clients.sqs.send(new ListQueuesCommand({}))).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(8_000);
    } finally {
      clients.destroy();
    }
  }, 15_000);

  it('have finite timeouts by default, and SQS outlasts its 20 s long poll', () => {
    for (const ms of Object.values(REQUEST_TIMEOUTS_MS)) expect(ms).toBeGreaterThan(0);
    expect(REQUEST_TIMEOUTS_MS.sqs).toBeGreaterThan(20_000);
  });
});
