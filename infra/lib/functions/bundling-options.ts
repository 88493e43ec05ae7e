/**
 * How every Lambda is bundled, in one place: the CDK construct (AtendeFunction) and the bundle
 * bench (bench/bundles.ts) both derive their esbuild settings from FUNCTION_BUNDLE, so the sizes
 * and cold starts the bench reports are the ones AWS runs.
 */
import type { BuildOptions } from 'esbuild';
import { OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';

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
   * it can only reach through a dynamic import that never runs in Lambda (below).
   */
  external: [...UNREACHABLE_IN_LAMBDA],
  banner: ESM_REQUIRE_BANNER,
} as const;

/** The Lambda runtime reads `NODE_OPTIONS`; source maps make stack traces in the logs readable. */
export const FUNCTION_NODE_OPTIONS = '--enable-source-maps';

export function cdkBundlingOptions(): BundlingOptions {
  return {
    target: FUNCTION_BUNDLE.target,
    format: OutputFormat.ESM,
    minify: FUNCTION_BUNDLE.minify,
    sourceMap: FUNCTION_BUNDLE.sourcemap,
    sourcesContent: FUNCTION_BUNDLE.sourcesContent,
    mainFields: [...FUNCTION_BUNDLE.mainFields],
    externalModules: [...FUNCTION_BUNDLE.external],
    banner: FUNCTION_BUNDLE.banner,
    // Synth must work without a Docker engine: esbuild from node_modules bundles on the host.
    forceDockerBundling: false,
  };
}

/** The same bundle through esbuild's JS API (what `cdk synth` produces as `index.mjs`). */
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
    external: [...FUNCTION_BUNDLE.external],
    banner: { js: FUNCTION_BUNDLE.banner },
    logLevel: 'warning',
  };
}
