/**
 * The Lambda bundles themselves: each area's declared AWS access (AREA_ACCESS in the manifest, what
 * the CDK grants) matches what its bundle really calls, and a bundle built with the shared options
 * runs with Lambda-style credentials although the SDK's unreachable credential sources are left out.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA_ACCESS, AREAS, type Area } from '@atende/functions/manifest';
import { esbuildOptions } from '../lib/functions/bundling-options';
import { FUNCTIONS_DIR } from '../lib/paths';

const outDir = mkdtempSync(join(tmpdir(), 'atende-cdk-bundles-'));
const areas = Object.keys(AREAS) as Area[];
/** Unminified bundles: tree-shaken, so an SDK command class appears only if the area calls it. */
const source = new Map<Area, string>();

beforeAll(async () => {
  for (const area of areas) {
    const outfile = join(outDir, area, 'index.mjs');
    await build({
      ...esbuildOptions(join(FUNCTIONS_DIR, AREAS[area]), outfile),
      minify: false,
      sourcemap: false,
      logLevel: 'error',
    });
    source.set(area, readFileSync(outfile, 'utf8'));
  }
}, 120_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const calls = (code: string, pattern: string) => new RegExp(`new ${pattern}\\d*\\(`).test(code);
const defines = (code: string, fn: string) => new RegExp(`function ${fn}\\d*\\(`).test(code);

/** What the bundle does, in AREA_ACCESS terms. */
function observedAccess(code: string) {
  return {
    table: calls(code, '(Put|Update|Delete|TransactWrite|BatchWrite)Command') ? 'RW' : 'RO',
    sendsOutbound: defines(code, 'sendOutboundCommand'),
    sendsDispatch: defines(code, 'sendToDispatch'),
    sendsAny: calls(code, 'SendMessage(Batch)?Command'),
    media: calls(code, 'PutObjectCommand') ? 'readWrite' : calls(code, 'GetObjectCommand') ? 'read' : undefined,
    jwt: calls(code, 'GetSecretValueCommand'),
    realtime: calls(code, 'PostToConnectionCommand'),
  };
}

describe('AREA_ACCESS matches what each bundle calls (no missing grant, no spare one)', () => {
  it.each(areas)('%s', (area) => {
    const declared = AREA_ACCESS[area];
    const seen = observedAccess(source.get(area)!);

    expect({ area, table: declared.table }).toEqual({ area, table: seen.table });
    expect({ area, outbound: declared.sendsTo?.includes('outbound') ?? false }).toEqual({
      area,
      outbound: seen.sendsOutbound,
    });
    expect({ area, dispatch: declared.sendsTo?.includes('dispatch') ?? false }).toEqual({
      area,
      dispatch: seen.sendsDispatch,
    });
    expect({ area, sendsAny: (declared.sendsTo?.length ?? 0) > 0 }).toEqual({ area, sendsAny: seen.sendsAny });
    expect({ area, media: declared.media }).toEqual({ area, media: seen.media });
    // Secrets Manager reads: the JWT key, or a deployment secret the area reads by ARN.
    const readsSecret =
      (declared.jwt ?? false) || (declared.reads ?? []).some((r) => r === 'providerCredentials' || r === 'integrationKey');
    expect({ area, secrets: readsSecret }).toEqual({ area, secrets: seen.jwt });
    expect({ area, realtime: declared.realtime ?? false }).toEqual({ area, realtime: seen.realtime });
  });
});

/** Whether the bundle holds `module` (esbuild heads each input with a `// <path>` comment when not minifying). */
const holds = (code: string, module: string) =>
  code.split('\n').some((line) => line.startsWith('// ') && line.endsWith(module));

// What most bundles used to carry without needing it (bench/bundle-composition.ts shows the bytes per input).
describe('what the bundles leave out', () => {
  it.each(areas)('%s: not the HTTP route table; the Pix QR code only in billing', (area) => {
    const code = source.get(area)!;
    expect({ area, routeTable: /\bHTTP_ROUTES\d*\b/.test(code) }).toEqual({ area, routeTable: false });
    expect({ area, pix: holds(code, 'node_modules/qrcode/lib/index.js') }).toEqual({
      area,
      pix: area === 'billing',
    });
  });
});

describe('a bundle in a Lambda-like process', () => {
  it('loads and reaches DynamoDB with environment credentials, without the excluded SDK modules', async () => {
    // Arrange: the real (minified) scheduler bundle, outside the repository (no node_modules),
    // credentials as Lambda sets them, and an endpoint nobody listens on.
    const dir = mkdtempSync(join(outDir, 'lambda-'));
    const bundle = join(dir, 'index.mjs');
    await build({ ...esbuildOptions(join(FUNCTIONS_DIR, AREAS.scheduler), bundle), logLevel: 'error' });
    const invoke = join(dir, 'invoke.mjs');
    writeFileSync(
      invoke,
      [
        `const { handler } = await import(${JSON.stringify(pathToFileURL(bundle).href)});`,
        'try { await handler({}); console.log("no error"); } catch (err) { console.log(`${err.name}: ${err.message}`); }',
      ].join('\n'),
    );

    // Act
    const run = spawnSync(process.execPath, ['--enable-source-maps', invoke], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 30_000,
      env: {
        PATH: process.env.PATH,
        AWS_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: 'AKIALAMBDA',
        AWS_SECRET_ACCESS_KEY: 'lambda-secret',
        AWS_SESSION_TOKEN: 'lambda-session',
        AWS_ENDPOINT_URL: 'http://127.0.0.1:9',
        AWS_MAX_ATTEMPTS: '1',
        TABLE_NAME: 'atende-test',
        QUEUE_URL_DISPATCH: 'http://127.0.0.1:9/000000000000/dispatch',
      },
    });

    // Assert: it got as far as the network (connection refused), not stuck on a missing module.
    const output = `${run.stdout}\n${run.stderr}`;
    expect(run.status, output).toBe(0);
    expect(output).not.toMatch(/ERR_MODULE_NOT_FOUND|Cannot find (package|module)/);
    expect(output).toMatch(/ECONNREFUSED|connect|socket/i);
  }, 60_000);
});
