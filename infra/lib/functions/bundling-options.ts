/**
 * How every Lambda is bundled, in one place: the CDK construct (AtendeFunction) and the bundle
 * bench (bench/bundles.ts) both derive their esbuild settings from FUNCTION_BUNDLE, so the sizes
 * and cold starts the bench reports are the ones AWS runs.
 */
import type { BuildOptions } from 'esbuild';
import { OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { AREA_ACCESS, AREAS, type Area } from '@atende/functions/manifest';

/**
 * ESM bundles have no `require`; a few CommonJS dependencies still call it for Node built-ins,
 * so the bundle creates one (the usual esbuild + ESM Lambda banner).
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __atendeCreateRequire } from 'node:module'; const require = __atendeCreateRequire(import.meta.url);";

/**
 * Loaded by the SDK with `await import()` only on paths Lambda never takes: the credential chain
 * stops at the environment variables Lambda sets (SSO, profiles, web identity, container and
 * instance metadata come after), and bowser parses browser user agents. Leaving them out saves ~110 KB per function; if a path ever
 * did reach one, the import would fail loudly (ERR_MODULE_NOT_FOUND), not misbehave.
 * infra/test/cdk-bundles.test.ts runs a bundle with Lambda-style credentials to prove it.
 */
export const UNREACHABLE_IN_LAMBDA = [
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/credential-provider-login',
  '@aws-sdk/credential-provider-http',
  '@aws-sdk/token-providers',
  '@aws-sdk/nested-clients',
  '@smithy/credential-provider-imds',
  'bowser',
] as const;

/**
 * Event-stream (de)serialisation, ~20 KB. Every client's protocol loads it with `await import()`
 * only for an operation that streams events, and none of ours does (DynamoDB, SQS, API Gateway
 * Management, Secrets Manager, S3 GetObject). The S3 client, though, also imports it statically (for
 * SelectObjectContent), so it stays in the areas with media access, the only ones bundling S3.
 * Another client that imports it statically would make its bundle fail to load: bench/bundles.ts
 * imports every bundle outside the repository and would stop there.
 */
export const EVENT_STREAMS_MODULE = '@smithy/core/event-streams';

/** What an area's bundle leaves out; an entry that is not a manifest area keeps everything it may reach. */
export function externalModules(area?: Area): string[] {
  const bundlesS3 = !area || AREA_ACCESS[area].media !== undefined;
  return [...UNREACHABLE_IN_LAMBDA, ...(bundlesS3 ? [] : [EVENT_STREAMS_MODULE])];
}

/** The manifest area whose entry module this is (`functions/src/handlers/<area>/index.ts`). */
export function areaOfEntry(entry: string): Area | undefined {
  const normalized = entry.replaceAll('\\', '/');
  return (Object.keys(AREAS) as Area[]).find((area) => normalized.endsWith(`/functions/${AREAS[area]}`));
}

export const FUNCTION_BUNDLE = {
  /** Lowest Node the code runs on (local runner and tests run Node 20; Lambda runs 22). */
  target: 'node20',
  format: 'esm',
  minify: true,
  /** Linked `.map` beside the bundle, without sources inside: stack traces map to file and line. */
  sourcemap: true,
  sourcesContent: false,
  /** Prefer packages' ESM builds: they tree-shake. */
  mainFields: ['module', 'main'],
  /**
   * The AWS SDK is bundled (pinned, tree-shaken, no runtime-provided surprise), except the modules
   * it can only reach through a dynamic import that never runs in Lambda (`externalModules`).
   */
  banner: ESM_REQUIRE_BANNER,
} as const;

/** The Lambda runtime reads `NODE_OPTIONS`; source maps make stack traces in the logs readable. */
export const FUNCTION_NODE_OPTIONS = '--enable-source-maps';

export function cdkBundlingOptions(area: Area): BundlingOptions {
  return {
    target: FUNCTION_BUNDLE.target,
    format: OutputFormat.ESM,
    minify: FUNCTION_BUNDLE.minify,
    sourceMap: FUNCTION_BUNDLE.sourcemap,
    sourcesContent: FUNCTION_BUNDLE.sourcesContent,
    mainFields: [...FUNCTION_BUNDLE.mainFields],
    externalModules: externalModules(area),
    banner: FUNCTION_BUNDLE.banner,
    // Synth must work without a Docker engine: esbuild from node_modules bundles on the host.
    forceDockerBundling: false,
  };
}

/** The same bundle through esbuild's JS API (what `cdk synth` produces as `index.mjs` for that area's entry). */
export function esbuildOptions(entry: string, outfile: string): BuildOptions {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: FUNCTION_BUNDLE.target,
    format: FUNCTION_BUNDLE.format,
    minify: FUNCTION_BUNDLE.minify,
    sourcemap: FUNCTION_BUNDLE.sourcemap,
    sourcesContent: FUNCTION_BUNDLE.sourcesContent,
    mainFields: [...FUNCTION_BUNDLE.mainFields],
    external: externalModules(areaOfEntry(entry)),
    banner: { js: FUNCTION_BUNDLE.banner },
    logLevel: 'warning',
  };
}
