/**
 * The console's first load (issue 7 item 7, issue 28): builds the web console, prints the gzip size of
 * every chunk the sign-in route and the signed-in tickets screen fetch before they render, and fails
 * when either exceeds its budget.
 * `npx tsx bench/web-first-load.ts` (also run by `npm run bench`; web/test/first-load.test.ts checks
 * the budget in `npm test`).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
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

const web = fileURLToPath(new URL('../web', import.meta.url));
const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: web, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const routes = [
  { name: 'Sign-in route (/login)', cost: routeCost(join(web, 'dist')), budget: SIGN_IN_BUDGET_BYTES },
  {
    name: 'Tickets screen (/tickets, signed in)',
    cost: routeCost(join(web, 'dist'), TICKETS_ROUTE_SOURCES),
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
if (over) process.exit(1);
