/**
 * Keeps the Chakra recipes the sign-in page does not use out of its first load (decisions.md "Sign-in
 * first load: recipes"):
 *  - tree shaking: Chakra's index reaches every recipe module, and each one is built at module level
 *    from calls the bundler cannot prove pure (`selectAnatomy.keys()`, `inputRecipe.variants`,
 *    `createAnatomy('menu').parts(…)`): even unused, their calls and property reads stayed in the entry
 *    chunk. Each such top-level binding's initialiser goes into a `/* @__PURE__ *\/` function call:
 *    same value, same evaluation order, and dropped whole when nothing uses the binding;
 *  - the console's recipes (src/app/console-recipes.ts) are imported from their own copies of Chakra's
 *    recipe modules (`?console` ids): the originals are reachable from the entry through Chakra's
 *    index, so the bundler would put any recipe that is used anywhere in the entry chunk.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** Chakra's recipe modules (one `export { name };` each), and their copies for the console's recipes. */
const RECIPE_MODULE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]recipes[\\/][\w-]+\.js(\?console)?$/;
const CONSOLE_COPY = '?console';
/** The module that registers the console's recipes after the first load (src/app/theme.ts). */
const CONSOLE_RECIPES = /[\\/]src[\\/]app[\\/]console-recipes\.ts$/;
const CONSOLE_THEME = '\0atende:console-recipes-theme';
/** Chakra's, Ark's and Zag's anatomy modules: top-level `const|var name = …;` bindings. */
const ANATOMY_MODULE =
  /[\\/](@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]anatomy\.js|@ark-ui[\\/]react[\\/]dist[\\/]components[\\/][\w-]+[\\/][\w-]+\.anatomy\.js|@zag-js[\\/][\w-]+[\\/]dist[\\/][\w-]+\.anatomy\.mjs)$/;

/** `function init_name() {…}` and `const name = /* @__PURE__ *\/ init_name();` (the annotation needs a plain call). */
const pureBinding = (keyword: string, name: string, body: string[]): string[] => [
  `function init_${name}() {`,
  ...body,
  '}',
  `${keyword} ${name} = /* @__PURE__ */ init_${name}();`,
];

/**
 * A recipe module's body (its helper bindings and the recipe) inside one pure function whose result is
 * the exported recipe. Returns undefined when the module is not of the expected shape (left as is).
 */
export function pureRecipeModule(code: string): string | undefined {
  const lines = code.split('\n');
  const exported = lines.map((line) => /^export \{ (\w+) \};$/.exec(line)?.[1]).filter(Boolean);
  if (exported.length !== 1) return undefined;
  const name = exported[0]!;
  const isHead = (line: string) => line.startsWith('import ') || line === '"use strict";' || line === '';
  const head: string[] = [];
  let index = 0;
  for (; index < lines.length && isHead(lines[index]!); index++) head.push(lines[index]!);
  const body = lines.slice(index).filter((line) => !line.startsWith('export '));
  if (body.some((line) => line.startsWith('import '))) return undefined;
  return [...head, ...pureBinding('const', name, [...body, `return ${name};`]), `export { ${name} };`, ''].join('\n');
}

const BINDING = /^(const|var|let) (\w+) = /;

/**
 * Each top-level `const|var|let name = …;` binding's initialiser inside a pure function call. A
 * statement runs from its first line to the first line, at column 0 or its own, that ends in `;`.
 */
export function pureTopLevelBindings(code: string): string {
  const lines = code.split('\n');
  const out: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const binding = BINDING.exec(line);
    if (!binding) {
      out.push(line);
      continue;
    }
    let end = index;
    while (end < lines.length && !(lines[end]!.endsWith(';') && (end === index || /^\S/.test(lines[end]!)))) end++;
    if (end === lines.length) return code;
    const statement = lines.slice(index, end + 1).join('\n');
    out.push(...pureBinding(binding[1]!, binding[2]!, [`return ${statement.slice(binding[0].length)}`]));
    index = end;
  }
  return out.join('\n');
}

/** Chakra's theme index re-exported from `?console` copies of its recipe modules (the rest as is). */
function consoleTheme(themeIndex: string): string {
  const dir = dirname(themeIndex);
  return readFileSync(themeIndex, 'utf8')
    .split('\n')
    .map((line) => /^export \{ (\w+) \} from '(\.\/recipes\/[\w-]+\.js)';$/.exec(line))
    .filter((match) => match !== null)
    .map(([, name, file]) => `export { ${name} } from ${JSON.stringify(join(dir, file!) + CONSOLE_COPY)};`)
    .join('\n');
}

export function chakraRecipes(): Plugin {
  let themeIndex: string | undefined;
  return {
    name: 'atende-chakra-recipes',
    apply: 'build',
    // Before Vite's own resolver, which would resolve Chakra's theme index for console-recipes.ts too.
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer) return null;
      if (source === '@chakra-ui/react/theme' && CONSOLE_RECIPES.test(importer)) {
        themeIndex ??= (await this.resolve(source, importer, { skipSelf: true }))?.id;
        return CONSOLE_THEME;
      }
      // A copy's sibling recipe (`./select.js` from native-select) is a copy too.
      if (importer.endsWith(CONSOLE_COPY) && RECIPE_MODULE.test(importer) && /^\.\/[\w-]+\.js$/.test(source)) {
        return join(dirname(importer.slice(0, -CONSOLE_COPY.length)), source) + CONSOLE_COPY;
      }
      return null;
    },
    load(id) {
      if (id !== CONSOLE_THEME) return null;
      if (!themeIndex) throw new Error("chakra-recipes: cannot resolve '@chakra-ui/react/theme'");
      return consoleTheme(themeIndex);
    },
    transform: {
      filter: { id: [RECIPE_MODULE, ANATOMY_MODULE] },
      handler(code, id) {
        if (RECIPE_MODULE.test(id)) {
          const wrapped = pureRecipeModule(code);
          return wrapped === undefined ? null : { code: wrapped, map: null };
        }
        if (ANATOMY_MODULE.test(id)) return { code: pureTopLevelBindings(code), map: null };
        return null;
      },
    },
  };
}
