/**
 * Charges of the local sandbox Pix provider (local mode and tests only: the provider the platform
 * uses when no Efí credentials are configured). Kept in the table so every Lambda process sees them.
 *
 *   charge  PK = P#PIXSANDBOX#<txid>  SK = CHARGE  { txid, amount, status, copyPaste, createdAt }
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { platformPk } from './keys';

export interface SandboxCharge {
  txid: string;
  amount: number;
  status: 'ATIVA' | 'CONCLUIDA';
  copyPaste: string;
  createdAt: string;
}

const chargeKey = (txid: string) => ({ PK: platformPk('PIXSANDBOX', txid), SK: 'CHARGE' });

export async function putSandboxCharge(charge: SandboxCharge): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName(), Item: { ...chargeKey(charge.txid), ...charge } }));
}

/** AP-PIX1: a sandbox charge by txid. */
export async function getSandboxCharge(txid: string): Promise<SandboxCharge | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: chargeKey(txid), ConsistentRead: true }));
  if (!out.Item) return undefined;
  const { PK: _pk, SK: _sk, ...charge } = out.Item;
  return charge as SandboxCharge;
}

export async function markSandboxChargePaid(txid: string): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: chargeKey(txid),
      UpdateExpression: 'SET #status = :paid',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':paid': 'CONCLUIDA' },
    }),
  );
}
