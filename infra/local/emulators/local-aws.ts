/**
 * What every local AWS client shares: one region, one fake account and one pair of fake credentials.
 * The emulators accept any credentials except s3rver, which only knows the key pairs we register with it.
 */
export const LOCAL_REGION = 'us-east-1';
export const LOCAL_ACCOUNT_ID = '000000000000';
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

/** Constructor options for any AWS SDK v3 client pointed at a local emulator. */
export const localClientConfig = (endpoint: string) => ({
  endpoint,
  region: LOCAL_REGION,
  credentials: LOCAL_CREDENTIALS,
});
