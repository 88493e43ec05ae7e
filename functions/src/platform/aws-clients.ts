/**
 * Shared options for AWS SDK clients pointed at local emulators. With an explicit endpoint
 * (SQS_ENDPOINT, S3_ENDPOINT, a local WS_MANAGEMENT_ENDPOINT) there is no real account behind it,
 * so static dummy credentials spare the SDK a credential-provider chain that would fail offline.
 */
export function localClientOptions(endpoint: string | undefined) {
  return {
    region: process.env.AWS_REGION ?? 'us-east-1',
    ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  };
}
