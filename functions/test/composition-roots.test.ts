/**
 * Explicit wiring: no module fills a registry when it is imported. Each Lambda's entry file (the
 * manifest's AREAS) is its composition root and passes the bots and the job table in; these checks
 * make a forgotten one a failing test instead of a Lambda that silently lacks bot behaviour or a job.
 * The import graph is read from the source (runtime imports only: `import type` loads nothing).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AREAS } from '../src/manifest';
import { platformJobs } from '../src/handlers/dispatch/job-table';

const FUNCTIONS = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(FUNCTIONS, 'src');
const rel = (file: string) => relative(FUNCTIONS, file);

/** Relative modules a file loads at run time (`import type` / `export type` excluded). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/^(import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?'(\.{1,2}\/[^']+)'/gm)) {
    const base = resolve(dirname(file), m[2]!);
    const candidates = [`${base}.ts`, join(base, 'index.ts'), base];
    const hit = candidates.find((c) => c.endsWith('.ts') && statSync(c, { throwIfNoEntry: false })?.isFile());
    if (hit) found.push(hit);
  }
  return found;
}

function closure(entry: string): Set<string> {
  const seen = new Set<string>();
  const todo = [entry];
  while (todo.length) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    todo.push(...runtimeImports(file));
  }
  return new Set([...seen].map(rel));
}

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return productionFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const entries = Object.entries(AREAS).map(([area, path]) => ({ area, file: join(FUNCTIONS, path) }));

/** The ticket functions that take the bots from their caller: a message landing on a ticket, a user's transition. */
const TAKES_BOTS = ['src/domain/inbound/on-message-recorded.ts', 'src/domain/tickets/update-ticket.ts'];
/** Sends of the company's own text, which is never a customer's rating answer: they pass no hooks. */
const OWN_TEXT_SENDERS = ['src/domain/external-api/external-send.ts', 'src/domain/schedules/send-scheduled-message.ts'];

describe('composition roots', () => {
  it('every Lambda that lands messages on tickets or moves them passes the bots from its entry file', () => {
    const reaching = entries.filter(({ file }) => TAKES_BOTS.some((f) => closure(file).has(f)));
    // The graph reader works: the two Lambdas known to need them are found.
    expect(reaching.map((e) => e.area)).toEqual(expect.arrayContaining(['inbound', 'tickets']));
    for (const { area, file } of reaching) {
      const text = readFileSync(file, 'utf8');
      expect(text, `${area} (${rel(file)}) must pass ticketBots`).toMatch(
        /import \{[^}]*\bticketBots\b[^}]*\} from '\.\.\/\.\.\/domain\/bots\/bot-runtime'/,
      );
      const mentions = text.match(/\bticketBots\b/g)?.length ?? 0;
      expect(mentions, `${area} imports ticketBots but never passes it`).toBeGreaterThan(1);
    }
  });

  it('only the own-text senders pass no hooks', () => {
    const passingNone = productionFiles(SRC)
      .filter((f) => rel(f) !== 'src/domain/tickets/ticket-hooks.ts' && /\bnoTicketHooks\b/.test(readFileSync(f, 'utf8')))
      .map(rel);
    expect(passingNone.sort()).toEqual([...OWN_TEXT_SENDERS].sort());
  });

  it('no module registers bots, hooks or jobs as a side effect of being imported', () => {
    const registration = /\b(installTicketBots|useTicketBots|setTicketHooks|registerJob|onCampaignStatusChanged)\s*\(/;
    const offenders = productionFiles(SRC)
      .filter((f) => registration.test(readFileSync(f, 'utf8')))
      .map(rel);
    expect(offenders).toEqual([]);
  });

  it('every job type declared anywhere is in the dispatch table, and the table runs nothing else', () => {
    const declared = new Set<string>();
    for (const file of productionFiles(SRC)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/export const \w+_JOB = '([^']+)'/g)) declared.add(m[1]!);
    }
    expect(declared.size).toBeGreaterThan(10);
    expect(Object.keys(platformJobs()).sort()).toEqual([...declared].sort());
  });
});
