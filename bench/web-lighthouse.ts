/**
 * Lighthouse (mobile preset: Moto G Power viewport, simulated slow 4G and 4× CPU slowdown) on the
 * built console's sign-in page (issue 7 item 7: performance ≥ 90, accessibility 100).
 *
 *   npx tsx bench/web-lighthouse.ts            # build web/dist, then 3 runs; prints each and the median
 *   npx tsx bench/web-lighthouse.ts --no-build --runs 5
 *   npx tsx bench/web-lighthouse.ts --dist /tmp/old/web/dist     # a build of another commit
 *   npx tsx bench/web-lighthouse.ts --no-build --runs 3 --json   # then the runs and the median as one JSON line
 *
 * The page is served by the local gateway's own static server (infra/local/gateway/web-console.ts:
 * Brotli/gzip and immutable cache headers, as CloudFront serves it), with a stub API that answers the
 * boot's session refresh as a signed-out visitor (401): the sign-in page needs nothing else.
 * Lighthouse's CPU figures depend on the machine's load, so the load average is printed with them.
 * Chromium: Debian's /usr/bin/chromium (CHROMIUM_PATH to override).
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startGateway } from '../infra/local/gateway/gateway-server';
import { mountStatic } from '../infra/local/gateway/web-console';
import { printJson } from './support/bench-json';

const web = fileURLToPath(new URL('../web', import.meta.url));
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
/** `--dist dir`: another build to measure (say, an older commit's, for a before/after at the same load). */
const distDir = args.includes('--dist') ? args[args.indexOf('--dist') + 1]! : join(web, 'dist');
/** `--report file.json`: keeps the last run's full report (the audits' details) for a closer look. */
const reportPath = args.includes('--report') ? args[args.indexOf('--report') + 1] : undefined;

if (!args.includes('--no-build') && !args.includes('--dist')) {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: web, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** Signed out: every API call (the boot's refresh) is refused as a visitor without a session is. */
const signedOut = async () => ({ statusCode: 401, body: JSON.stringify({ error: 'ERR_SESSION_EXPIRED' }) });
const gateway = await startGateway({ invoke: signedOut, port: 0 });
mountStatic(gateway, distDir);

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

interface Run {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  load: number;
  opportunities: string[];
}

const results: Run[] = [];
try {
  for (let i = 0; i < runs; i++) {
    const load = loadavg()[0]!;
    const result = await lighthouse(`${gateway.origin}/login`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const lhr = result!.lhr;
    if (reportPath) writeFileSync(reportPath, JSON.stringify(lhr, null, 1));
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const run: Run = {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      si: audit('speed-index'),
      load,
      opportunities: Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
        .filter((a) => a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual')
        .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`),
    };
    results.push(run);
    console.log(
      `run ${i + 1}: performance ${run.performance}, accessibility ${run.accessibility}; ` +
        `FCP ${(run.fcp / 1000).toFixed(1)} s, LCP ${(run.lcp / 1000).toFixed(1)} s, TBT ${Math.round(run.tbt)} ms, ` +
        `CLS ${run.cls.toFixed(3)}, SI ${(run.si / 1000).toFixed(1)} s; load average ${run.load.toFixed(2)}`,
    );
    if (run.opportunities.length) console.log(`  below 0.9: ${run.opportunities.join('; ')}`);
  }
} finally {
  await chrome.kill();
  await gateway.stop();
}

const median = [...results].sort((a, b) => a.performance - b.performance)[Math.floor(results.length / 2)]!;
console.log(`median performance ${median.performance}, accessibility ${median.accessibility} (${runs} runs)`);
printJson({ runs: results.map(({ opportunities: _, ...run }) => run), median: { ...median, opportunities: undefined } });
if (median.performance < 90 || median.accessibility < 100) process.exitCode = 1;
