// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pureRecipeModule, pureTopLevelBindings } from '../../build/chakra-recipes';

const web = fileURLToPath(new URL('../..', import.meta.url));
const chakraEsm = join(
  dirname(createRequire(join(web, 'package.json')).resolve('@chakra-ui/react/package.json')),
  'dist',
  'esm',
);
const recipeSource = (name: string) => readFileSync(join(chakraEsm, 'theme', 'recipes', `${name}.js`), 'utf8');

/** Runs a module's code with its imports replaced by `scope` and returns its exports. */
function evaluate(code: string, scope: Record<string, unknown>): Record<string, unknown> {
  const exported = [...code.matchAll(/^export \{([^}]*)\};?$/gm)].flatMap((match) =>
    match[1]!.split(',').map((name) => name.trim()),
  );
  const body = code
    .split('\n')
    .filter((line) => !line.startsWith('import ') && !line.startsWith('export {') && !line.startsWith('"use strict"'))
    .join('\n');
  const run = new Function(...Object.keys(scope), `${body}\nreturn { ${exported.join(', ')} };`) as (
    ...args: unknown[]
  ) => Record<string, unknown>;
  return run(...Object.values(scope));
}

const anatomy = (name: string) => ({
  keys: () => [`${name}-root`, `${name}-label`],
  extendWith: (...parts: string[]) => ({ keys: () => [`${name}-root`, ...parts] }),
  parts: (...parts: string[]) => ({ keys: () => parts, build: () => Object.fromEntries(parts.map((p) => [p, {}])) }),
});
const identity = (value: unknown) => value;
const stubs = {
  defineSlotRecipe: identity,
  defineRecipe: identity,
  defineStyle: identity,
  selectAnatomy: anatomy('select'),
  nativeSelectAnatomy: anatomy('native-select'),
  tagAnatomy: anatomy('tag'),
  badgeRecipe: { variants: { variant: { solid: { bg: 'x' } } } },
};

describe("the build's Chakra recipe tree shaking (web/build/chakra-recipes.ts)", () => {
  it.each(['select', 'tag', 'button'])('wraps the %s recipe module in a pure call that builds the same recipe', (name) => {
    const source = recipeSource(name);
    const wrapped = pureRecipeModule(source);
    expect(wrapped).toBeDefined();
    expect(wrapped).toMatch(/^const \w+ = \/\* @__PURE__ \*\/ init_\w+\(\);$/m);
    expect(evaluate(wrapped!, stubs)).toEqual(evaluate(source, stubs));
  });

  it('leaves a module of another shape as it is', () => {
    expect(pureRecipeModule('export { a, b };\nconst a = 1, b = 2;')).toBeUndefined();
  });

  it("wraps each of an anatomy module's top-level bindings, multi-line ones included, keeping their values", () => {
    const source = [
      'import { createAnatomy } from "@zag-js/anatomy";',
      'var anatomy = createAnatomy("select").parts(',
      '  "label",',
      '  "trigger"',
      ');',
      'var parts = anatomy.build();',
      'const dialogAnatomy = dialogAnatomy$1.extendWith("header");',
      'export {',
      '  anatomy,',
      '  parts',
      '};',
      'export { dialogAnatomy };',
    ].join('\n');
    const wrapped = pureTopLevelBindings(source);
    expect(wrapped.match(/\/\* @__PURE__ \*\/ init_\w+\(\);/g)).toHaveLength(3);
    const scope = { createAnatomy: anatomy, dialogAnatomy$1: anatomy('dialog') };
    const names = (code: string) =>
      code.replace(/export \{\s*anatomy,\s*parts\s*\};/, 'export { anatomy, parts };').replace(/\n\s*\n/g, '\n');
    const run = (code: string) => {
      const values = evaluate(names(code), scope) as {
        anatomy: { keys(): string[] };
        parts: object;
        dialogAnatomy: { keys(): string[] };
      };
      return { anatomy: values.anatomy.keys(), parts: values.parts, dialog: values.dialogAnatomy.keys() };
    };
    expect(run(wrapped)).toEqual(run(source));
    expect(run(wrapped).anatomy).toEqual(['label', 'trigger']);
  });
});
