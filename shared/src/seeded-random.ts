/**
 * Reproducible randomness for simulations and fault injection (tests, models, benches): the same seed
 * gives the same draws on every run and machine. Not for anything secret: use `crypto` there.
 * Imported as `@atende/shared/seeded-random`, so it never lands in a Lambda or the console.
 */

/** mulberry32: small, fast, good enough to simulate with. Answers numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a of `seed:name`: the seed of the named generator. */
export function namedSeed(seed: number, name: string): number {
  let hash = 0x811c9dc5;
  for (const ch of `${seed}:${name}`) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return hash;
}

/**
 * One generator per name (a table operation, a queue), derived from the run's seed and made on first
 * use, so one name's draws do not depend on how the others interleave.
 */
export function seededRandoms(seed: number): (name: string) => () => number {
  const byName = new Map<string, () => number>();
  return (name) => {
    let random = byName.get(name);
    if (!random) byName.set(name, (random = seededRandom(namedSeed(seed, name))));
    return random;
  };
}
