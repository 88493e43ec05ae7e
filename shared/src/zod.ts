/**
 * The zod every schema of the platform is written with: `zod/mini`, the functional, tree-shakable
 * API of the same zod 4 package (a Lambda bundle then carries only the validators its schemas use,
 * ~20 KB instead of classic zod's ~90 KB; docs/decisions.md, "Lambda bundle size").
 *
 * Classic zod installs its English messages by itself; zod/mini installs none ("Invalid input" for
 * everything). The default messages reach clients (the `fields` of a 400 answer), so the English
 * locale is installed here, once, for everyone who imports zod through this module: only `en`,
 * ~3 KB (`z.locales.en()` would drag every locale in).
 *
 *   import * as z from '@atende/shared/zod';
 */
import { config, ZodMiniNumber } from 'zod/mini';
import { _coercedNumber, type $ZodNumberParams } from 'zod/v4/core';
import { en } from 'zod/locales';

config(en());

export * from 'zod/mini';

/**
 * `z.coerce`, with the one coercion the schemas use (query-string numbers). zod's own `coerce` is a
 * namespace re-export, and a bundler keeps a namespace whole once one member is read: every bundle
 * with a page number carried the boolean, bigint and date coercions and their schema classes. Same
 * function as zod's `z.coerce.number`; this local export takes precedence over the one above.
 */
export const coerce = {
  number: <T = unknown>(params?: string | $ZodNumberParams): ZodMiniNumber<T> =>
    _coercedNumber(ZodMiniNumber, params) as ZodMiniNumber<T>,
};
