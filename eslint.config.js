// @ts-check
/**
 * Lint and import boundaries for the back end, shared/, bench/ and e2e/ (the console has its own
 * web/eslint.config.js, run by `npm run lint -w web`). `npm test` runs it. The layering it enforces
 * is described in docs/decisions.md, "Structure: lint, boundaries, routes, data helpers".
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const root = fileURLToPath(new URL('.', import.meta.url));
const fn = (path) => `./functions/src/${path}`;

/**
 * Domain areas from lowest to highest: an area may import only the areas listed before it, so
 * there can be no cycle between areas. A new area must be placed here (the config refuses to run
 * otherwise), which is where its dependencies get decided.
 */
const DOMAIN_AREAS = [
  'companies',
  'plans',
  'scheduler', // the due-work index: areas that schedule work sit above it
  'helps',
  'announcements',
  'chats', // internal chat: data and platform only (users by id, the setting)
  'platform-settings',
  'webhooks', // the company webhook: data and platform only; the fan-out hands it events
  'billing', // invoices and Pix: reads companies and plans, schedules on the due index
  'dashboard', // figures kept on write: tickets and contacts move them, it reads them
  'contacts',
  'contact-lists', // campaign contact lists: data, the due index (purge of a deleted list's items)
  // ticket workspace: tags, quick messages and queues read data only; tickets sit on
  // contacts; bots on tickets; messages on tickets and contacts; inbound (below) on all of them
  'tags',
  'quick-messages',
  'queues',
  'tickets',
  'messages',
  'integrations', // queue integrations: answer through messages; the bots seam hands them the ticket
  'bots', // sends through messages, changes tickets; tickets reach it only through ticket-hooks / the inbound seam
  'schedules', // scheduled messages: sends through messages on the ticket found or started (tickets), indexed on scheduler
  'campaign-sending', // the campaign engine: plans, paces and sends on the dispatch queue; inbound hands it answers
  'external-api', // the external send API: a connection's token sends through messages on the ticket found or started
  'credentials',
  'users',
  'auth',
  'signup', // creates the company (companies), its admin (users) and schedules its first invoice (billing)
  'connections',
  // the super users' Companies tab: companies + billing (next invoice, live changes); deleting a
  // company logs its connections out (connections)
  'company-admin',
  'inbound',
  'hostwatch',
  'realtime',
  'fanout', // realtime fan-out: the realtime queue's consumer, posts to the sockets
  'campaigns', // the campaigns API (nothing imports it): starts, cancels and restarts through campaign-sending
  'platform',
];
const unlisted = readdirSync(new URL('./functions/src/domain/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !DOMAIN_AREAS.includes(entry.name))
  .map((entry) => entry.name);
if (unlisted.length) throw new Error(`eslint.config.js: place domain area(s) ${unlisted.join(', ')} in DOMAIN_AREAS`);

const domainAreaZones = DOMAIN_AREAS.slice(0, -1).map((area, i) => ({
  target: fn(`domain/${area}`),
  from: DOMAIN_AREAS.slice(i + 1).map((higher) => fn(`domain/${higher}`)),
  message: `domain/${area} sits below these areas (DOMAIN_AREAS in eslint.config.js); move the shared piece down instead.`,
}));

/** functions: handlers → domain → platform → data; shared-surface sits beside data. */
const layerZones = [
  {
    target: fn('data'),
    from: [fn('platform'), fn('domain'), fn('handlers'), fn('shared-surface'), fn('ops.ts')],
    message: 'data is the lowest layer: it never imports platform, domain, handlers or the shared surface.',
  },
  {
    target: fn('shared-surface'),
    from: [fn('platform'), fn('domain'), fn('handlers'), fn('ops.ts')],
    message: 'the shared surface (what the session host may use) holds only data-level code.',
  },
  {
    target: fn('platform'),
    from: [fn('domain'), fn('handlers'), fn('ops.ts')],
    message: 'platform never imports domain or handlers.',
  },
  { target: fn('domain'), from: [fn('handlers'), fn('ops.ts')], message: 'domain never imports handlers.' },
  {
    target: fn('manifest.ts'),
    from: [fn('platform'), fn('domain'), fn('handlers'), fn('data')],
    message: 'the manifest is data only: importing it never loads handler code.',
  },
  {
    target: './session-host/src',
    from: './functions/src',
    except: ['./shared-surface'],
    message: 'the session host imports the functions only through @atende/functions/shared-surface.',
  },
  { target: './shared/src', from: ['./functions', './session-host', './web', './infra'] },
];

/**
 * Raw BatchGetItem / BatchWriteItem calls and `ExclusiveStartKey` paging live only in the data
 * helpers (bounded retries with jittered backoff for unprocessed items, one paging loop).
 */
const TABLE_OPERATIONS = 'functions/src/data/table-operations.ts';
const useTableOperations = `use ${TABLE_OPERATIONS} (batchGet, batchWrite, queryPage, queryPages, queryAll)`;
const rawTableOperations = [
  {
    selector: 'ImportSpecifier[imported.name=/^Batch(Get|Write)(Item)?Command$/]',
    message: `raw batch commands retry nothing: ${useTableOperations}.`,
  },
  {
    selector: 'MemberExpression[property.name=/^Batch(Get|Write)(Item)?Command$/]',
    message: `raw batch commands retry nothing: ${useTableOperations}.`,
  },
  {
    selector: "Property[key.name='ExclusiveStartKey'], Property[key.value='ExclusiveStartKey']",
    message: `page through a Query with ${useTableOperations}.`,
  },
];

export default tseslint.config(
  {
    ignores: ['web/**', '**/node_modules/**', '**/dist/**', '**/cdk.out/**', '**/.cache/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Plain Node scripts (the local runner's lifeline wrapper): Node's globals.
    files: ['**/*.mjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        clearTimeout: 'readonly',
      },
    },
  },
  {
    files: ['**/*.{ts,js}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}tsconfig.base.json` })],
    },
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly' } },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...layerZones, ...domainAreaZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-undef': 'off', // TypeScript checks names; typescript-eslint recommends this off
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['functions/src/**/*.ts', 'session-host/src/**/*.ts'],
    ignores: [TABLE_OPERATIONS, '**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...rawTableOperations] },
  },
  {
    // Tests, benches and e2e poke at untyped events and SDK internals; production code stays typed.
    files: ['**/test/**', '**/*.test.ts', 'bench/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['session-host/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@atende/functions/(?!shared-surface$)',
              message: 'the session host imports the functions only through @atende/functions/shared-surface.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^(@aws-sdk/|aws-lambda$|react$|react-dom|react/|@chakra-ui/|@atende/(functions|session-host|web|infra))',
              message: 'shared/ runs in the browser and in every Lambda: no AWS, React or workspace imports.',
            },
          ],
        },
      ],
    },
  },
);
