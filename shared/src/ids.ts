/**
 * ULIDs drawn from a pool of random bytes. The `ulid` package asks `crypto.getRandomValues` for one
 * byte per character (16 calls per id) and looks its source up again on every call; the inbound
 * pipeline makes several ids per message (event ids, message ids, search entries), and that was ~3 %
 * of the consumer's CPU at 100 msgs/s (bench/README.md, round 9). Same alphabet, same time prefix,
 * the same cryptographic source, refilled 4 KB at a time.
 */
import { isValid, monotonicFactory, ulid as ulidFrom, ulidToUUID, uuidToULID } from 'ulid';

const POOL_BYTES = 4096;
const pool = new Uint8Array(POOL_BYTES);
let next = POOL_BYTES;

/** One random byte in [0, 1), as `ulid`'s own source answers. */
function pooledRandom(): number {
  if (next === POOL_BYTES) {
    globalThis.crypto.getRandomValues(pool);
    next = 0;
  }
  return pool[next++]! / 256;
}

/** A new ULID (26 characters: 10 of time, 16 random). */
export const ulid = (seedTime?: number): string => ulidFrom(seedTime, pooledRandom);

/**
 * A ULID later than every one this process made before (in the same millisecond the random part is
 * incremented): for ids whose order is the order things were handled in, such as a conversation's
 * messages that share a timestamp.
 */
export const monotonicUlid: () => string = (() => {
  const next = monotonicFactory(pooledRandom);
  return () => next();
})();

/**
 * The UUID spelling of a ULID (the same 128 bits, lower-case), or undefined for an id that is not a
 * ULID: a ticket's uuid is its id's, so `/tickets/{uuid}` finds it without an item of its own.
 */
export const uuidOfUlid = (id: string): string | undefined => (isValid(id) ? ulidToUUID(id).toLowerCase() : undefined);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ULID a UUID spells (`uuidOfUlid` backwards), or undefined for a string that is not a UUID. */
export const ulidOfUuid = (uuid: string): string | undefined => (UUID.test(uuid) ? uuidToULID(uuid) : undefined);
