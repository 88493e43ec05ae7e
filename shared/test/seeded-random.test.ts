import { describe, expect, it } from 'vitest';
import { namedSeed, seededRandom, seededRandoms } from '../src/seeded-random';

const draws = (random: () => number, n: number) => Array.from({ length: n }, () => random());

describe('seededRandom', () => {
  it('is mulberry32: the reference draws for seed 1', () => {
    expect(draws(seededRandom(1), 3)).toEqual([0.6270739405881613, 0.002735721180215478, 0.5274470399599522]);
  });

  it('replays a seed and differs between seeds', () => {
    expect(draws(seededRandom(42), 20)).toEqual(draws(seededRandom(42), 20));
    expect(draws(seededRandom(42), 20)).not.toEqual(draws(seededRandom(43), 20));
  });

  it('answers uniform numbers in [0, 1)', () => {
    const sample = draws(seededRandom(7), 10_000);
    expect(sample.every((x) => x >= 0 && x < 1)).toBe(true);
    const mean = sample.reduce((sum, x) => sum + x, 0) / sample.length;
    expect(mean).toBeGreaterThan(0.48);
    expect(mean).toBeLessThan(0.52);
  });
});

describe('seededRandoms', () => {
  it('gives each name its own generator, independent of the order names are drawn in', () => {
    const first = seededRandoms(9);
    const a = [first('PutItem')(), first('Query')(), first('PutItem')()];
    const second = seededRandoms(9);
    const queryFirst = second('Query')();
    expect([second('PutItem')(), queryFirst, second('PutItem')()]).toEqual(a);
    expect(namedSeed(9, 'PutItem')).not.toBe(namedSeed(9, 'Query'));
    expect(namedSeed(9, 'PutItem')).not.toBe(namedSeed(10, 'PutItem'));
  });
});
