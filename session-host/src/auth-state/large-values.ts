/**
 * Signal-store values as DynamoDB items, including ones past the 400 KB item limit. Baileys' app-state
 * hash (`app-state-sync-version`) gains about 132 bytes of JSON per synced index entry, so a busy
 * account outgrows one item after about 3,100 entries (docs/decisions.md, "WhatsApp transport").
 *
 * - up to INLINE_LIMIT: `data` = the BufferJSON text, as before;
 * - larger: gzip into `gz` (binary);
 * - still too large: the gzip bytes split into `<SK>#part#<writeId>#<n>` items, the main item naming
 *   `writeId` and `parts`. Parts are written first and the main item last, in separate batches (one
 *   BatchWriteItem applies its items in no particular order, and retries some later), so a reader sees
 *   either the old or the new value, never a main item whose parts are missing; the previous write's
 *   parts are deleted afterwards.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { BufferJSON } from '@whiskeysockets/baileys';
import { ulid } from '@atende/shared/ids';
import type { WriteRequest } from './batch-io';

export const INLINE_LIMIT = 100_000;
export const PART_BYTES = 350_000;
/** Attributes a reader of key items asks for. */
export const VALUE_ATTRIBUTES = ['SK', 'data', 'gz', 'parts', 'writeId'];

export const encodeJson = (value: unknown) => JSON.stringify(value, BufferJSON.replacer);
export const decodeJson = <T>(data: string): T => JSON.parse(data, BufferJSON.reviver) as T;

export interface SplitLocation {
  writeId: string;
  parts: number;
}

export const partSk = (sk: string, writeId: string, n: number) => `${sk}#part#${writeId}#${n}`;

/** Writes for one value: its parts (to land before `main`), the main item, and where its parts are. */
export function valueWrites(
  pk: string,
  sk: string,
  value: unknown,
): { parts: WriteRequest[]; main: WriteRequest; split?: SplitLocation } {
  const json = encodeJson(value);
  const main = { PK: pk, SK: sk, entity: 'waAuthKey' };
  if (json.length <= INLINE_LIMIT) return { parts: [], main: { PutRequest: { Item: { ...main, data: json } } } };
  const gz = gzipSync(json);
  if (gz.length <= PART_BYTES) return { parts: [], main: { PutRequest: { Item: { ...main, gz } } } };
  const writeId = ulid();
  const parts: WriteRequest[] = [];
  for (let n = 0, offset = 0; offset < gz.length; n++, offset += PART_BYTES) {
    parts.push({
      PutRequest: {
        Item: { PK: pk, SK: partSk(sk, writeId, n), entity: 'waAuthKeyPart', gz: gz.subarray(offset, offset + PART_BYTES) },
      },
    });
  }
  return {
    parts,
    main: { PutRequest: { Item: { ...main, writeId, parts: parts.length } } },
    split: { writeId, parts: parts.length },
  };
}

export const partDeletes = (pk: string, sk: string, split: SplitLocation): WriteRequest[] =>
  Array.from({ length: split.parts }, (_, n) => ({ DeleteRequest: { Key: { PK: pk, SK: partSk(sk, split.writeId, n) } } }));

const bytesOf = (value: unknown) => Buffer.from(value as Uint8Array);

/** The main item's value, or the part keys still to read when it is split. */
export function readValue(item: Record<string, unknown>): { value: unknown } | { split: SplitLocation } {
  if (typeof item.data === 'string') return { value: decodeJson(item.data) };
  if (item.gz) return { value: decodeJson(gunzipSync(bytesOf(item.gz)).toString()) };
  return { split: { writeId: item.writeId as string, parts: Number(item.parts) } };
}

export function joinParts(parts: Record<string, unknown>[]): unknown {
  return decodeJson(gunzipSync(Buffer.concat(parts.map((p) => bytesOf(p.gz)))).toString());
}
