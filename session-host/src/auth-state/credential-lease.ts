/**
 * The lease on a connection's credentials: the process that loaded them last owns them (`owner` on
 * the `creds` item). Credential saves are conditional on it; Signal key writes, which cannot be
 * (BatchWriteItem), read it first, at most every `checkMs`, so a host that lost the lease (a zombie
 * still running beside its replacement) stops overwriting the new owner's sessions and pre-keys
 * within that window instead of at its next credential save.
 */
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ulid } from '@atende/shared/ids';
import { CREDS_SK } from './auth-keys';

export const DEFAULT_LEASE_CHECK_MS = 10_000;

export const isConditionFailed = (err: unknown) => (err as { name?: string }).name === 'ConditionalCheckFailedException';

/** Another process loaded these credentials after this one: this one may no longer write them. */
export class CredentialsSupersededError extends Error {
  constructor(pk: string) {
    super(`credentials of ${pk} were taken over by another session host`);
    this.name = 'CredentialsSupersededError';
  }
}

export class CredentialLease {
  readonly owner = ulid();
  private superseded = false;
  private readonly listeners: (() => void)[] = [];
  private checkedAt = 0;

  constructor(
    private readonly ddb: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly pk: string,
    private readonly checkMs: number,
  ) {}

  get isSuperseded(): boolean {
    return this.superseded;
  }

  onSuperseded(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Takes the lease on the stored credentials (`exists`: there is a `creds` item to take it on). */
  async take(exists: boolean): Promise<void> {
    this.superseded = false;
    if (exists) {
      try {
        await this.ddb.send(
          new UpdateCommand({
            TableName: this.tableName,
            Key: { PK: this.pk, SK: CREDS_SK },
            UpdateExpression: 'SET #owner = :me',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeNames: { '#owner': 'owner' },
            ExpressionAttributeValues: { ':me': this.owner },
          }),
        );
      } catch (err) {
        if (!isConditionFailed(err)) throw err; // deleted in between: the first save creates it
      }
    }
    this.checkedAt = Date.now();
  }

  /** Lost: tells the listeners (once) and throws. */
  supersede(): never {
    if (!this.superseded) {
      this.superseded = true;
      for (const listener of this.listeners) listener();
    }
    throw new CredentialsSupersededError(this.pk);
  }

  /** Before a write that cannot carry the condition: throws when another process holds the lease. */
  async assert(): Promise<void> {
    if (this.superseded) this.supersede();
    if (Date.now() - this.checkedAt < this.checkMs) return;
    const out = await this.ddb.send(
      new GetCommand({
        TableName: this.tableName,
        Key: { PK: this.pk, SK: CREDS_SK },
        ConsistentRead: true,
        ProjectionExpression: '#owner',
        ExpressionAttributeNames: { '#owner': 'owner' },
      }),
    );
    this.checkedAt = Date.now();
    const owner = out.Item?.owner as string | undefined;
    if (owner !== undefined && owner !== this.owner) this.supersede();
  }
}
