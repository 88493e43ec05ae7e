/**
 * S3 for media: s3rver, which keeps buckets and objects as plain files, so media survives a restart
 * (fauxqs also speaks S3 but only in memory). Path-style addressing only (`forcePathStyle: true`).
 */
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import S3rver from 's3rver';
import AWSAccount from 's3rver/lib/models/account.js';
import { LOCAL_CREDENTIALS } from './local-aws';
import { freePort } from './free-port';

export interface S3Emulator {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

export interface S3EmulatorOptions {
  /** Folder holding the buckets; created if missing. */
  directory: string;
  buckets: string[];
  /** Browser origins allowed to PUT/GET through presigned URLs (the console). */
  corsOrigins: string[];
  port?: number;
}

// s3rver rejects unknown access keys; the local clients sign with LOCAL_CREDENTIALS (and tests often use `test`).
AWSAccount.DUMMY_ACCOUNT.createKeyPair(LOCAL_CREDENTIALS.accessKeyId, LOCAL_CREDENTIALS.secretAccessKey);
AWSAccount.DUMMY_ACCOUNT.createKeyPair('test', 'test');

export async function startS3Emulator(options: S3EmulatorOptions): Promise<S3Emulator> {
  mkdirSync(options.directory, { recursive: true });
  const port = options.port ?? (await freePort());
  const cors = corsConfiguration(options.corsOrigins);
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: options.directory,
    vhostBuckets: false,
    configureBuckets: options.buckets.map((name) => ({ name, configs: [cors] })),
  });
  await server.run();
  const http = server.httpServer as Server;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    stop: async () => {
      http.closeAllConnections();
      await server.close();
    },
  };
}

function corsConfiguration(origins: string[]): string {
  const rule = (origin: string) => `
  <CORSRule>
    <AllowedOrigin>${origin}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod><AllowedMethod>DELETE</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>`;
  return `<CORSConfiguration>${origins.map(rule).join('')}\n</CORSConfiguration>`;
}
