// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { consoleRecipes, consoleSlotRecipes } from '@/app/console-recipes';
import { appSystem, loadConsoleRecipes } from '@/app/theme';
import { recipeKeysOf } from '../support/chakra-recipe-keys';

const src = fileURLToPath(new URL('../../src', import.meta.url));
const files = (dir: string, wanted = /\.tsx?$/): string[] =>
  readdirSync(dir).flatMap((name) =>
    statSync(join(dir, name)).isDirectory() ? files(join(dir, name), wanted) : wanted.test(name) ? [join(dir, name)] : [],
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

/** The Chakra components @chakra-ui/charts renders (its tooltip's colour swatches…), when the console uses it. */
function chartComponents(): string[] {
  const usesCharts = files(src).some((file) => readFileSync(file, 'utf8').includes("from '@chakra-ui/charts'"));
  if (!usesCharts) return [];
  const charts = join(dirname(createRequire(join(src, '..', 'package.json')).resolve('@chakra-ui/charts')), '..', 'esm');
  const names = new Set<string>();
  for (const file of files(charts, /\.js$/)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const name of match[1]!.split(',')) names.add(name.trim());
    }
  }
  return [...names].filter(Boolean);
}

const registered = () => {
  const theme = appSystem()._config.theme;
  return new Set([...Object.keys(theme?.recipes ?? {}), ...Object.keys(theme?.slotRecipes ?? {})]);
};

describe('theme (decisions.md "Web console: first load", "Sign-in first load: recipes")', () => {
  it('has the recipe of every Chakra component the console uses, once the console recipes are in', async () => {
    const components = [...chakraComponents(), ...chartComponents()];
    expect(components).toContain('ColorSwatch');
    const needed = new Set(components.flatMap((name) => [...recipeKeysOf(name)]));
    // The scan reads Chakra's components: Checkbox needs its checkmark, IconButton the button's recipe.
    expect([...recipeKeysOf('Checkbox')].sort()).toEqual(['checkbox', 'checkmark']);
    expect([...recipeKeysOf('IconButton')]).toContain('button');
    expect(needed.size).toBeGreaterThan(15);
    await loadConsoleRecipes();
    const ours = registered();
    expect([...needed].filter((key) => !ours.has(key))).toEqual([]);
  });

  it('registers the console recipes in the system the app already renders with', async () => {
    const system = appSystem();
    await loadConsoleRecipes();
    expect(appSystem()).toBe(system);
    for (const key of Object.keys(consoleSlotRecipes)) expect(system.isSlotRecipe(key), key).toBe(true);
    for (const key of Object.keys(consoleRecipes)) expect(system.isRecipe(key), key).toBe(true);
    // A registered recipe styles its component: the dialog's slots get the recipe's classes.
    const dialog = system.getSlotRecipeFn('dialog')({});
    expect(dialog.content).toBeDefined();
    expect(JSON.stringify(system.getRecipeFn('badge')({}))).toContain('color-palette-subtle');
  });
});
