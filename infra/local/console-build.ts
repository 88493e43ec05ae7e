/**
 * `npm start` serves the console as it is deployed: built by Vite (`npm run build -w web`), then served
 * compressed and cached as CloudFront serves it (`LOCAL_WEB=dist`). The dev server (`LOCAL_WEB=vite`)
 * is for working on the console: it loads each module on first use (seconds per new screen on a small
 * machine), may reload the page when it discovers a dependency, and runs React's StrictMode double
 * effects, under which a dialog opened right after its code loaded could close itself
 * (docs/decisions.md "npm start serves the built console").
 */
import { spawn } from 'node:child_process';
import { logLine } from './log';

/**
 * Builds the console for production into `web/dist`, or into `outDir` (the browser tests' one build per
 * run, e2e/support/console-build-setup.ts); the build's own output is shown only when it fails.
 */
export async function buildConsole(repoRoot: string, outDir?: string): Promise<void> {
  const started = Date.now();
  logLine(
    'web',
    outDir ? 'building the console…' : 'building the console (LOCAL_WEB=vite serves it with hot reload instead)…',
  );
  const output: string[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    const into = outDir ? ['--', '--outDir', outDir, '--emptyOutDir'] : [];
    const child = spawn('npm', ['run', 'build', '-w', 'web', '--silent', ...into], {
      cwd: repoRoot,
      // A test runner's NODE_ENV=test would otherwise reach Vite.
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) {
    logLine('web', output.join(''));
    throw new Error(`the console's build failed (exit ${code}); see above`);
  }
  logLine('web', `console built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
