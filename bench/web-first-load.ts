/**
 * The console's first load (issue 7 item 7): builds the web console, prints the gzip size of every
 * chunk the sign-in route fetches before it renders, and fails when they exceed the 200 KB budget.
 * `npx tsx bench/web-first-load.ts` (also run by `npm run bench`; web/test/first-load.test.ts checks
 * the budget in `npm test`).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { costTable, kb, routeCost, SIGN_IN_BUDGET_BYTES } from './support/web-first-load';

const web = fileURLToPath(new URL('../web', import.meta.url));
const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: web, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const cost = routeCost(join(web, 'dist'));
console.log(`Sign-in route (/login), gzip level 9:\n${costTable(cost)}`);
console.log(`budget ${kb(SIGN_IN_BUDGET_BYTES)} KB`);
if (cost.totalBytes > SIGN_IN_BUDGET_BYTES) {
  console.error(`over budget by ${kb(cost.totalBytes - SIGN_IN_BUDGET_BYTES)} KB`);
  process.exit(1);
}
