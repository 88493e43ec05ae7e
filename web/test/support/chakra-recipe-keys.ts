/**
 * Which recipes a Chakra component needs, read from Chakra's own code: the recipe keys (`key: "dialog"`)
 * in the component's folder of @chakra-ui/react/dist/esm/components and in the folders of the
 * components it renders (Checkbox renders a Checkmark, InputGroup an InputAddon…), limited to the keys
 * of Chakra's default theme (a few components look up keys no theme defines, like `text`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultConfig } from '@chakra-ui/react';

const web = fileURLToPath(new URL('../..', import.meta.url));
const chakraEsm = join(
  dirname(createRequire(join(web, 'package.json')).resolve('@chakra-ui/react/package.json')),
  'dist',
  'esm',
);
const components = join(chakraEsm, 'components');

/** Every recipe key of Chakra's default theme. */
export const CHAKRA_RECIPE_KEYS: ReadonlySet<string> = new Set([
  ...Object.keys(defaultConfig.theme?.recipes ?? {}),
  ...Object.keys(defaultConfig.theme?.slotRecipes ?? {}),
]);

/** Export name of @chakra-ui/react → its component folder (`Dialog` → `dialog`, `IconButton` → `button`). */
function exportFolders(): Map<string, string> {
  const index = readFileSync(join(chakraEsm, 'index.js'), 'utf8');
  const namespaces = new Map<string, string>();
  for (const [, local, folder] of index.matchAll(/import \* as ([\w$]+) from '\.\/components\/([\w-]+)\//g)) {
    namespaces.set(local!, folder!);
  }
  const folders = new Map<string, string>();
  for (const [, names, from] of index.matchAll(/export \{([^}]*)\}(?: from '([^']*)')?;/g)) {
    for (const spec of names!.split(',')) {
      const [local, exported = local] = spec.trim().split(/\s+as\s+/);
      if (!local) continue;
      const folder = from ? /^\.\/components\/([\w-]+)\//.exec(from)?.[1] : namespaces.get(local);
      if (folder) folders.set(exported!, folder);
    }
  }
  return folders;
}

const folderKeys = new Map<string, Set<string>>();

/** The recipe keys of a component folder and of the component folders its code imports, transitively. */
export function recipeKeysOfFolder(folder: string, seen = new Set<string>()): Set<string> {
  const cached = folderKeys.get(folder);
  if (cached) return cached;
  const keys = new Set<string>();
  seen.add(folder);
  const dir = join(components, folder);
  if (!existsSync(dir)) return keys;
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.js'))) {
    const code = readFileSync(join(dir, file), 'utf8');
    for (const [, key] of code.matchAll(/\bkey:\s*"(\w+)"/g)) if (CHAKRA_RECIPE_KEYS.has(key!)) keys.add(key!);
    for (const [, other] of code.matchAll(/from '\.\.\/([\w-]+)\//g)) {
      if (seen.has(other!)) continue;
      for (const key of recipeKeysOfFolder(other!, seen)) keys.add(key);
    }
  }
  folderKeys.set(folder, keys);
  return keys;
}

let folders: Map<string, string> | undefined;

/** The recipe keys a component imported from @chakra-ui/react by `name` needs (none for layout primitives). */
export function recipeKeysOf(name: string): Set<string> {
  folders ??= exportFolders();
  const folder = folders.get(name);
  return folder ? recipeKeysOfFolder(folder) : new Set();
}

/** The component folder of a module of @chakra-ui/react's build, from its path (undefined for other modules). */
export function chakraComponentFolder(modulePath: string): string | undefined {
  return /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/]([\w-]+)[\\/]/.exec(modulePath)?.[1];
}
