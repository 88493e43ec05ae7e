/**
 * Response headers CloudFront adds to the console and the API: HSTS, nosniff, a referrer policy,
 * and a Content-Security-Policy. The console may be framed by nobody, except the public sign-up
 * page, which partners embed in an iframe (its behaviour sends `frame-ancestors *` and no
 * X-Frame-Options). The API answers JSON only: its CSP forbids everything.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import {
  HeadersFrameOption,
  HeadersReferrerPolicy,
  ResponseHeadersPolicy,
  type ResponseSecurityHeadersBehavior,
} from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';
import { REPO_ROOT } from '../paths';

/** Console paths that may be shown inside another site's iframe. */
export const FRAMEABLE_PATHS = ['/signup', '/signup/*'];

/** `'sha256-…'` of every inline `<script>` of the page (index.html paints the theme before React). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((m) => m[1]!)
    .filter((code) => code.trim())
    .map((code) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);
}

/** The built page's inline scripts (web/dist), else the source page's (Vite copies them unchanged). */
export function consoleInlineScriptHashes(webDistDir: string): string[] {
  const built = join(webDistDir, 'index.html');
  const page = existsSync(built) ? built : join(REPO_ROOT, 'web', 'index.html');
  return existsSync(page) ? inlineScriptHashes(readFileSync(page, 'utf8')) : [];
}

export interface ConsoleCspInput {
  region: string;
  scriptHashes: string[];
  frameAncestors: "'none'" | '*';
}

/**
 * The console talks to its own origin (/api), the WebSocket API and signed media URLs on S3 (both
 * `*.amazonaws.com` in the stack's region). Chakra (emotion) injects style tags: styles need
 * 'unsafe-inline'; scripts do not.
 */
export function consoleCsp({ region, scriptHashes, frameAncestors }: ConsoleCspInput): string {
  const s3 = `https://*.s3.${region}.amazonaws.com https://*.s3.amazonaws.com`;
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${s3}`,
    `media-src 'self' blob: ${s3}`,
    "font-src 'self' data:",
    `connect-src 'self' wss://*.execute-api.${region}.amazonaws.com ${s3}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

const common = (csp: string, framing: 'deny' | 'allow'): ResponseSecurityHeadersBehavior => ({
  contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
  strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
  contentTypeOptions: { override: true },
  referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
  ...(framing === 'deny' ? { frameOptions: { frameOption: HeadersFrameOption.DENY, override: true } } : {}),
});

export function securityHeadersPolicies(scope: Construct, input: Omit<ConsoleCspInput, 'frameAncestors'>) {
  return {
    console: new ResponseHeadersPolicy(scope, 'ConsoleHeaders', {
      comment: 'Atende console: CSP, HSTS, no framing',
      securityHeadersBehavior: common(consoleCsp({ ...input, frameAncestors: "'none'" }), 'deny'),
    }),
    frameable: new ResponseHeadersPolicy(scope, 'FrameableHeaders', {
      comment: 'Atende sign-up page: CSP, HSTS, may be framed by partner sites',
      securityHeadersBehavior: common(consoleCsp({ ...input, frameAncestors: '*' }), 'allow'),
    }),
    api: new ResponseHeadersPolicy(scope, 'ApiHeaders', {
      comment: 'Atende API: JSON only, HSTS, no framing',
      securityHeadersBehavior: common(API_CSP, 'deny'),
    }),
  };
}
