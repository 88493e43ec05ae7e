/**
 * zod/mini ships no messages of its own ("Invalid input" for everything); shared/src/zod.ts installs
 * classic zod's English ones. These tests pin that down, in the sources and in a minified bundle
 * (the Lambdas' case: shared is `sideEffects`-free except that module, so a bundler could drop it).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { idSchema, listUsersQuerySchema, loginSchema } from '../src/index';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message);

describe('zod messages', () => {
  it('default messages are classic zod English; the spec rules answer their message keys', () => {
    expect(messages(idSchema.safeParse(5))).toEqual(['Invalid input: expected string, received number']);
    expect(messages(listUsersQuerySchema.safeParse({ pageNumber: '0' }))).toEqual(['Too small: expected number to be >=1']);
    expect(messages(loginSchema.safeParse({ email: 'nope' }))).toEqual(['validation.invalidEmail', 'validation.required']);
  });

  it('a minified bundle keeps the English messages', async () => {
    const bundle = await build({
      stdin: {
        contents: "import { idSchema } from '@atende/shared'; console.log(idSchema.safeParse(5).error.issues[0].message);",
        resolveDir: fileURLToPath(new URL('..', import.meta.url)),
      },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'node',
      write: false,
      logLevel: 'error',
    });
    const run = spawnSync(process.execPath, ['--input-type=module'], {
      input: bundle.outputFiles[0]!.text,
      encoding: 'utf8',
    });
    expect(run.stdout.trim()).toBe('Invalid input: expected string, received number');
  });
});

describe('form rules the spec implies (issue 8 item 16)', () => {
  it('refuses a password of spaces and an e-mail with an over-long domain label', async () => {
    const { createUserSchema, MSG } = await import('../src/index');
    const base = { name: 'Ana', email: 'ana@padaria.test', password: 'segredo1' };
    const fields = (input: object) =>
      Object.fromEntries((createUserSchema.safeParse(input).error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

    expect(fields(base)).toEqual({});
    expect(fields({ ...base, password: '      ' })).toEqual({ password: MSG.required });
    expect(fields({ ...base, password: ' a b c ' })).toEqual({});
    expect(fields({ ...base, email: `ana@${'a'.repeat(180)}.com` })).toEqual({ email: MSG.invalidEmail });
    expect(fields({ ...base, email: `ana@${'a'.repeat(63)}.com` })).toEqual({});
  });
});
