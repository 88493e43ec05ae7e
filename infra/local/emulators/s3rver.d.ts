// s3rver ships no types; only the surface the local platform uses is declared.
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }
  export default class S3rver {
    constructor(options?: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    httpServer?: import('node:http').Server;
  }
}
declare module 's3rver/lib/models/account.js' {
  const AWSAccount: { DUMMY_ACCOUNT: { createKeyPair(accessKeyId: string, secretAccessKey: string): void } };
  export default AWSAccount;
}
