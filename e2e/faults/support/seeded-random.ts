/**
 * Reproducible randomness for the fault suite: one generator per name (a table operation, a queue),
 * derived from the run's seed, so a fault pattern does not depend on how other operations interleave.
 * `FAULT_SEED` replays a run (each run prints its seed).
 */

/** mulberry32: small, fast, good enough to pick faults. Answers numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of `seed:name`: the seed of the named generator. */
export function namedSeed(seed: number, name: string): number {
  let hash = 0x811c9dc5;
  for (const ch of `${seed}:${name}`) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return hash;
}

/** One generator per name, made on first use. */
export function seededRandoms(seed: number): (name: string) => () => number {
  const byName = new Map<string, () => number>();
  return (name) => {
    let random = byName.get(name);
    if (!random) byName.set(name, (random = seededRandom(namedSeed(seed, name))));
    return random;
  };
}

/** The run's seed: `FAULT_SEED` when set (a replay), else a fresh one. */
export function runSeed(): number {
  const given = Number(process.env.FAULT_SEED);
  return Number.isInteger(given) && given > 0 ? given : Math.floor(Math.random() * 2 ** 31) + 1;
}
