/**
 * Runs every benchmark in turn (each in its own process, so one's stack never skews another's
 * memory or timing) and prints their tables. `npm run bench`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const benches = [
  'auth-users.ts',
  'inbound-pipeline.ts',
  'realtime-audience.ts',
  'session-host-memory.ts',
  'session-host-large-media.ts',
  'session-host-key-store.ts',
  'bundles.ts',
  'web-first-load.ts',
];

let failed = 0;
for (const file of benches) {
  const path = join(here, file);
  if (!existsSync(path)) continue;
  console.log(`\n=== ${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path], {
    stdio: 'inherit',
    env: { ...process.env, LOG_LEVEL: 'SILENT' },
  });
  if (result.status !== 0) {
    failed++;
    console.error(`${file} exited ${result.status}`);
  }
}
process.exit(failed ? 1 : 0);
