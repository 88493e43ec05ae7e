/**
 * What a Lambda carries when it imports a little of `@atende/shared` (docs/decisions.md "Lambda bundle
 * budget, round 15"). zod schemas are built at module top level, so a bundler keeps every schema of a
 * module once one export of it is used: the modules are split so that the rules a sender or a list
 * needs do not bring the request validators of other screens, and `z.coerce` is not zod's namespace.
 * Each case bundles one import through the barrel, as a handler does, and looks at what got in.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import * as zod from 'zod/mini';
import { describe, expect, it } from 'vitest';
import * as z from '../src/zod';
import { pageNumberSchema } from '../src/index';

const SHARED = fileURLToPath(new URL('..', import.meta.url));

/** The bundle of `import { <names> } from '@atende/shared'`, not minified, with the inputs it kept. */
async function bundleOf(names: string) {
  const result = await build({
    stdin: { contents: `import { ${names} } from '@atende/shared'; console.log(${names});`, resolveDir: SHARED },
    bundle: true,
    format: 'esm',
    platform: 'node',
    mainFields: ['module', 'main'],
    write: false,
    metafile: true,
    logLevel: 'error',
  });
  const output = Object.values(result.metafile.outputs)[0]!;
  const inputs = Object.entries(output.inputs)
    .filter(([, info]) => info.bytesInOutput > 0)
    .map(([path]) => path);
  return { code: result.outputFiles[0]!.text, inputs };
}

const schemaClasses = (code: string) => [...code.matchAll(/\$constructor\(\s*"(ZodMini\w+)"/g)].map((m) => m[1]!);

describe('shared tree-shaking', () => {
  it('a query-string page number keeps only the number coercion', async () => {
    const { code } = await bundleOf('pageNumberSchema');

    expect(schemaClasses(code)).toContain('ZodMiniNumber');
    for (const unused of ['ZodMiniBoolean', 'ZodMiniBigInt', 'ZodMiniDate'])
      expect(schemaClasses(code)).not.toContain(unused);
  });

  it('z.coerce.number parses and answers exactly as zod’s own', () => {
    const ours = z.coerce.number().check(z.int(), z.gte(1));
    const zods = zod.coerce.number().check(zod.int(), zod.gte(1));
    for (const input of ['7', 7, '0', 'x', '', null, '1.5', undefined]) {
      expect(ours.safeParse(input)).toEqual(zods.safeParse(input));
    }
    expect(pageNumberSchema.parse('12')).toBe(12);
    expect(pageNumberSchema.parse(undefined)).toBe(1);
  });

  it('queue and company hours do not carry the company schemas or the tax-id library', async () => {
    const { inputs } = await bundleOf('schedulesSchema');

    expect(inputs.some((path) => path.endsWith('src/schemas/time-zone.ts'))).toBe(true);
    expect(inputs.filter((path) => /schemas\/companies\.ts|validation\/tax-id|cpf-cnpj-validator/.test(path))).toEqual([]);
  });

  it('the quick-message list query carries neither the message schemas nor the quick-reply forms', async () => {
    const { code, inputs } = await bundleOf('listQuickMessagesQuerySchema');

    expect(inputs.filter((path) => /schemas\/(messages|attachments|quick-message-forms)\.ts/.test(path))).toEqual([]);
    expect(schemaClasses(code)).not.toContain('ZodMiniUnion');
  });

  it('the rules senders use (campaign messages, media kinds, recurrences, ticket statuses) bring no schema', async () => {
    const { code, inputs } = await bundleOf(
      'campaignMessages, fillCampaignVariables, DEFAULT_CAMPAIGN_SETTINGS, mediaKindOf, RECURRENCE_MONTHS, TICKET_STATUSES',
    );

    expect(schemaClasses(code)).toEqual([]);
    expect(inputs.filter((path) => /schemas\/(campaigns|attachments|messages|companies|tickets)\.ts/.test(path))).toEqual(
      [],
    );
  });

  it('an e-mail-free schema leaves zod’s e-mail format out', async () => {
    const { code } = await bundleOf('idSchema, nameSchema');

    expect(schemaClasses(code)).not.toContain('ZodMiniEmail');
  });
});
