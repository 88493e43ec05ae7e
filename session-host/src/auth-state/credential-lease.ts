/**
 * The lease on a connection's credentials: the process that loaded them last owns them (`owner` on
 * the `creds` item). Credential saves are conditional on it, and so are Signal key writes: each is a
 * transaction whose first action checks `owner` (batch-io.ts `fencedWrite`), so a host that lost the
 * lease (a zombie still running beside its replacement) has its very next write refused.
 *
 * In a fleet the owner is the connection lease's holder and fencing token (`<hostId>#<token>`,
 * functions/src/data/connection-leases.ts), so a newer claim always supersedes an older one.
 */
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ulid } from '@atende/shared/ids';
import { CREDS_SK } from './auth-keys';

export const isConditionFailed = (err: unknown) => (err as { name?: string }).name === 'ConditionalCheckFailedException';

/** Another process loaded these credentials after this one: this one may no longer write them. */
export class CredentialsSupersededError extends Error {
  constructor(pk: string) {
    super(`credentials of ${pk} were taken over by another session host`);
    this.name = 'CredentialsSupersededError';
  }
}

export class CredentialLease {
  private superseded = false;
  private readonly listeners: (() => void)[] = [];

  constructor(
    private readonly ddb: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly pk: string,
    /** A fresh id per load by default; the fleet passes `<hostId>#<token>` of its connection lease. */
    readonly owner: string = ulid(),
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
  }

  /** Lost: tells the listeners (once) and throws. */
  supersede(): never {
    if (!this.superseded) {
      this.superseded = true;
      for (const listener of this.listeners) listener();
    }
    throw new CredentialsSupersededError(this.pk);
  }

  /** Before a write: throws at once when this process already knows it lost the lease. */
  assert(): void {
    if (this.superseded) this.supersede();
  }
}
