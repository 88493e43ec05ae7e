/**
 * What WhatsApp answered about a company's numbers (on WhatsApp or not), kept for a while so a list
 * import or a bulk add never asks twice for the same number (issue 27 item 2, "cached per number").
 *
 *   check  PK = C#<cid>#WANUM#<number>   SK = WANUM   { valid, checkedAt, expiresAt (TTL) }
 *
 * One partition per number: a 100,000-number import spreads its reads and writes over as many keys.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet, batchWrite } from './table-operations';
import { ddb, tableName } from './client';
import { tenantPk, ttlIn } from './keys';

/** How long an answer is trusted (a number may join or leave WhatsApp). */
export const WHATSAPP_CHECK_TTL_SECONDS = 7 * 24 * 3600;

const checkKey = (companyId: string, number: string) => ({ PK: tenantPk(companyId, 'WANUM', number), SK: 'WANUM' });

/** AP-WN1: the known answers for these numbers (number → valid); unknown or expired ones are absent. */
export async function getWhatsappNumberChecks(companyId: string, numbers: string[]): Promise<Map<string, boolean>> {
  if (!numbers.length) return new Map();
  const now = Math.floor(Date.now() / 1000);
  const found = await batchGet(numbers.map((n) => checkKey(companyId, n)));
  return new Map(
    found
      .filter((f) => Number(f.expiresAt) > now && typeof f.valid === 'boolean')
      .map((f) => [String(f.number), Boolean(f.valid)]),
  );
}

const checkItem = (companyId: string, number: string, valid: boolean) => ({
  ...checkKey(companyId, number),
  companyId,
  number,
  valid,
  checkedAt: new Date().toISOString(),
  expiresAt: ttlIn(WHATSAPP_CHECK_TTL_SECONDS),
});

/** Records what WhatsApp answered about a number (the session host's check, a send's outcome). */
export async function putWhatsappNumberCheck(companyId: string, number: string, valid: boolean): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName(), Item: checkItem(companyId, number, valid) }));
}

/** Records a batch of answers (a `numbers.checked` event); rewriting the same answers is harmless. */
export async function putWhatsappNumberChecks(
  companyId: string,
  answers: readonly { number: string; valid: boolean }[],
): Promise<void> {
  const latest = new Map(answers.map((a) => [a.number, a.valid])); // one write per number in a batch
  await batchWrite([...latest].map(([number, valid]) => ({ PutRequest: { Item: checkItem(companyId, number, valid) } })));
}
