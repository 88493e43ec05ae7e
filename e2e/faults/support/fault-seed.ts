/**
 * The fault suite's seed: every fault pattern derives from it (`@atende/shared/seeded-random`), so a
 * run replays with `FAULT_SEED` (each run prints its seed).
 */

/** The run's seed: `FAULT_SEED` when set (a replay), else a fresh one. */
export function runSeed(): number {
  const given = Number(process.env.FAULT_SEED);
  return Number.isInteger(given) && given > 0 ? given : Math.floor(Math.random() * 2 ** 31) + 1;
}
