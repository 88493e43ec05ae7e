/**
 * Fills one company with N contacts (no tickets), straight into DynamoDB with BatchWriteItem and the
 * entity module's own item builders (ticket-generator.ts `benchContact`/`benchContactItems`): the
 * contact, its number lookup, its search entries, and the contact counter.
 */
import { batchWrite, type WriteRequest } from '../../functions/src/data/table-operations';
import { addToContactCount } from '../../functions/src/data/contacts';
import { benchContact, benchContactItems, type GeneratorProgress } from './ticket-generator';

const CHUNK = 1_000;

/** Writes contacts number `first` … `first + count − 1` of the company. */
export async function generateContacts(
  companyId: string,
  count: number,
  first = 0,
  progress?: GeneratorProgress,
): Promise<void> {
  const createdAt = new Date().toISOString();
  for (let start = first; start < first + count; start += CHUNK) {
    const end = Math.min(first + count, start + CHUNK);
    const items: Record<string, unknown>[] = [];
    for (let i = start; i < end; i++) items.push(...benchContactItems(benchContact(companyId, i, createdAt)));
    await batchWrite(
      items.map((Item): WriteRequest => ({ PutRequest: { Item } })),
      undefined,
      { parallel: 12 },
    );
    await addToContactCount(companyId, end - start);
    progress?.(end - first, count);
  }
}
