// @ts-check
/**
 * The console's lint (issue 7 item 1): typescript-eslint, the rules of hooks, and the import
 * boundaries of docs/decisions.md "Web console: structure" and "Web: an entities layer", as in
 * bulletproof-react with an entities layer (issue 28 §5):
 *
 *   lib/ components/ hooks/ (shared code)  →  entities/<x>/  →  features/<x>/  →  app/
 *
 * each layer imports only the layers to its left (and itself): shared code never imports an entity,
 * a feature or the app; an entity (what several features use about one business object: schedule,
 * contact, contact list, queue, message) never imports a feature or the app, and reaches another
 * entity, as features and the app do, only through its index.ts; a feature never imports another
 * feature nor the app. `npm run lint -w web` (the root `npm run lint` and `npm test` call it).
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = fileURLToPath(new URL('.', import.meta.url));
/** Every folder under src/features: a feature added later is isolated without anyone listing it. */
const FEATURES = readdirSync(`${root}src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Every folder under src/entities, likewise. */
const ENTITIES = readdirSync(`${root}src/entities`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** One zone per feature (bulletproof-react's pattern): a feature imports from features/ only itself. */
const featureIsolation = FEATURES.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: [`./${feature}`],
  message:
    'Features never import one another. Move what both need to an entity (entities/<x>/) or to lib/, components/ or hooks/, or compose them in app/.',
}));

/** One zone per entity: from outside it (a feature, the app, another entity) only its index.ts, its public API. */
const entityPublicApi = ENTITIES.map((entity) => ({
  target: [
    './src/features',
    './src/app',
    ...ENTITIES.filter((other) => other !== entity).map((other) => `./src/entities/${other}`),
  ],
  from: `./src/entities/${entity}`,
  except: ['./index.ts'],
  message: `Import the ${entity} entity through its index (@/entities/${entity}), not its files.`,
}));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}tsconfig.json` })],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            {
              target: ['./src/lib', './src/components', './src/hooks'],
              from: ['./src/features', './src/app'],
              message: 'Shared code (lib/, components/, hooks/) never imports a feature or the app.',
            },
            { target: './src/features', from: './src/app', message: 'Features never import the app layer.' },
            {
              // STYLE.md 14: what several features use about one business object (its API, a picker)
              target: './src/entities',
              from: ['./src/features', './src/app'],
              message: 'Entities sit below the features: they never import a feature or the app.',
            },
            {
              target: ['./src/lib', './src/components', './src/hooks'],
              from: './src/entities',
              message: 'Shared code (lib/, components/, hooks/) sits below the entities.',
            },
            ...featureIsolation,
            ...entityPublicApi,
          ],
        },
      ],
    },
  },
  {
    files: ['test/**/*.{ts,tsx}', '*.config.{ts,js}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
