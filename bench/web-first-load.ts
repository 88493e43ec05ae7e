/**
 * The console's first load (issue 7 item 7, issue 28): builds the web console, prints the gzip size of
 * every chunk the sign-in route and the signed-in tickets screen fetch before they render, and fails
 * when either exceeds its budget.
 * `npx tsx bench/web-first-load.ts [--out-dir DIR] [--json]` (also run by `npm run bench`; web/test/first-load.test.ts
 * checks the budget in `npm test`). `--out-dir` builds into DIR instead of web/dist (the report builds apart, so a
 * run never swaps the files under someone else's `web/dist`).
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  costTable,
  kb,
  routeCost,
  SIGN_IN_BUDGET_BYTES,
  TICKETS_BUDGET_BYTES,
  TICKETS_GOAL_BYTES,
  TICKETS_ROUTE_SOURCES,
} from './support/web-first-load';
import { printJson } from './support/bench-json';

const web = fileURLToPath(new URL('../web', import.meta.url));
const argv = process.argv.slice(2);
const dist = argv.includes('--out-dir') ? resolve(argv[argv.indexOf('--out-dir') + 1]!) : join(web, 'dist');
const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', dist, '--emptyOutDir'], {
  cwd: web,
  // --json keeps stdout for its one line
  stdio: ['ignore', process.argv.includes('--json') ? 'ignore' : 'inherit', 'inherit'],
});
if (build.status !== 0) process.exit(build.status ?? 1);

const routes = [
  { name: 'Sign-in route (/login)', cost: routeCost(dist), budget: SIGN_IN_BUDGET_BYTES },
  {
    name: 'Tickets screen (/tickets, signed in)',
    cost: routeCost(dist, TICKETS_ROUTE_SOURCES),
    budget: TICKETS_BUDGET_BYTES,
    goal: TICKETS_GOAL_BYTES,
  },
];
let over = false;
for (const { name, cost, budget, goal } of routes) {
  console.log(`${name}, gzip level 9:\n${costTable(cost)}`);
  console.log(`budget ${kb(budget)} KB${goal ? ` (goal ${kb(goal)} KB)` : ''}\n`);
  if (cost.totalBytes > budget) {
    console.error(`${name}: over budget by ${kb(cost.totalBytes - budget)} KB`);
    over = true;
  }
}
printJson({
  routes: routes.map(({ name, cost, budget, goal }) => ({ name, totalBytes: cost.totalBytes, budget, goal: goal ?? null })),
});
if (over) process.exit(1);
