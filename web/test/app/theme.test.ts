// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultConfig } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { appSystem } from '@/app/theme';

const src = fileURLToPath(new URL('../../src', import.meta.url));
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) =>
    statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : /\.tsx?$/.test(name) ? [join(dir, name)] : [],
  );

/** Every Chakra component the console imports, by name (multi-line imports included). */
function chakraComponents(): string[] {
  const names = new Set<string>();
  for (const file of files(src)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const name of match[1]!.split(','))
        names.add(
          name
            .replace(/\btype\b/, '')
            .split(' as ')[0]!
            .trim(),
        );
    }
  }
  return [...names].filter(Boolean);
}

describe('theme (decisions.md "Web console: first load")', () => {
  it('has the recipe of every Chakra component the console uses', () => {
    const defaults = { ...defaultConfig.theme?.recipes, ...defaultConfig.theme?.slotRecipes };
    const system = appSystem();
    const ours = { ...system._config.theme?.recipes, ...system._config.theme?.slotRecipes };
    const needed = chakraComponents()
      .map((name) => name.charAt(0).toLowerCase() + name.slice(1))
      .filter((key) => key in defaults);
    expect(needed.length).toBeGreaterThan(15);
    expect(needed.filter((key) => !(key in ours))).toEqual([]);
  });
});
