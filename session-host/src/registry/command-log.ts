/**
 * Executed-command markers: `cmd#<commandId>` under the connection's auth partition, with a TTL.
 * The outbound consumer checks the marker before executing and writes it (conditionally) before it
 * deletes the SQS message, so a redelivered command is skipped. See docs/decisions.md for the
 * crash window between "sent" and "marked" and why a deterministic message id closes it.
 */
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { OutboundCommand } from '@atende/shared';
import { ttlIn } from '@atende/functions/shared-surface';
import { authPk, commandSk } from '../auth-state/auth-keys';

/** Longer than SQS retention (4 days by default) so any redelivery still finds its marker. */
const MARKER_TTL_SECONDS = 14 * 24 * 3600;

export interface ExecutedCommand {
  commandId: string;
  type: OutboundCommand['type'];
  outcome: 'done' | 'failed' | 'skipped';
  externalId?: string;
  executedAt: string;
}

export class CommandLog {
  constructor(
    private readonly ddb: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  /** AP-SH4 */
  async find(command: OutboundCommand): Promise<ExecutedCommand | undefined> {
    const out = await this.ddb.send(
      new GetCommand({
        TableName: this.tableName,
        Key: { PK: authPk(command.companyId, command.connectionId), SK: commandSk(command.commandId) },
        ConsistentRead: true,
      }),
    );
    return out.Item as ExecutedCommand | undefined;
  }

  /** Returns false when another delivery already recorded this command. */
  async record(command: OutboundCommand, result: Pick<ExecutedCommand, 'outcome' | 'externalId'>): Promise<boolean> {
    try {
      await this.ddb.send(
        new PutCommand({
          TableName: this.tableName,
          Item: {
            PK: authPk(command.companyId, command.connectionId),
            SK: commandSk(command.commandId),
            entity: 'executedCommand',
            commandId: command.commandId,
            type: command.type,
            ...result,
            executedAt: new Date().toISOString(),
            expiresAt: ttlIn(MARKER_TTL_SECONDS),
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
      return true;
    } catch (err) {
      if ((err as Error).name === 'ConditionalCheckFailedException') return false;
      throw err;
    }
  }
}
