/**
 * The results page (bench/report.ts): every bench's `--json` line becomes figures with their goals,
 * compared with the last committed run, and a missing or failed bench shows as such, never as a pass.
 */
import { describe, expect, it } from 'vitest';
import { expectedMinutes, parseOptions, REPORT_BENCHES } from '../report';
import { API_BENCHES } from '../support/report/api-benches';
import { pairedFigures, type RunContext } from '../support/report/bench-spec';
import { BUILD_BENCHES } from '../support/report/build-benches';
import { markdownTable, ratioToLast, type Figure } from '../support/report/figures';
import { buildPage } from '../support/report/page';
import { commandOf, errorLines, lastJsonLine, type BenchRecord } from '../support/report/run-bench';

const bench = (name: string) => REPORT_BENCHES.find((b) => b.name === name)!;
const ctx = (quick: boolean, selected: string[] = []): RunContext => ({
  quick,
  dataDir: '/data',
  selected: new Set(selected),
});
const record = (name: string, output: unknown, extra: Partial<BenchRecord> = {}): BenchRecord => ({
  bench: name,
  command: `npx tsx bench/${name}.ts --json`,
  quick: false,
  startedAt: '2026-11-28T01:00:00.000Z',
  seconds: 120,
  loadBefore: 1,
  loadAfter: 2,
  exitCode: 0,
  timedOut: false,
  output,
  ...extra,
});

describe('the benches in the report', () => {
  it('runs every bench the issues ask for, each once', () => {
    const names = REPORT_BENCHES.map((b) => b.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.sort()).toEqual(
      [
        'auth-users',
        'bundles',
        'campaign-planning',
        'contact-search',
        'dashboard-scale',
        'external-api',
        'fleet-failover',
        'inbound-pipeline',
        'realtime-audience',
        'request-counts',
        'tickets-scale',
        'web-first-load',
        'web-lighthouse',
      ].sort(),
    );
    expect(REPORT_BENCHES).toHaveLength(API_BENCHES.length + BUILD_BENCHES.length);
  });

  it('runs the dashboard after the tickets fill it measures', () => {
    const names = REPORT_BENCHES.map((b) => b.name);
    expect(names.indexOf('dashboard-scale')).toBeGreaterThan(names.indexOf('tickets-scale'));
    const dashboard = commandOf(bench('dashboard-scale'), ctx(false)).argv;
    const tickets = commandOf(bench('tickets-scale'), ctx(false)).argv;
    const dir = (argv: string[]) => argv[argv.indexOf('--data-dir') + 1];
    expect(dir(dashboard)).toBe(dir(tickets));
    expect(dashboard).toContain('bench-state.json');
  });

  it('puts --json last, after the positional sizes (a bench reads the word after a flag as its value)', () => {
    for (const b of REPORT_BENCHES)
      for (const quick of [false, true]) expect(commandOf(b, ctx(quick)).argv.at(-1)).toBe('--json');
    expect(commandOf(bench('tickets-scale'), ctx(false)).argv.slice(1, 2)).toEqual(['100000']);
    expect(commandOf(bench('tickets-scale'), ctx(true)).argv.slice(1, 2)).toEqual(['2000']);
  });

  it('measures Lighthouse on the first-load build when both run, else lets it build its own', () => {
    expect(commandOf(bench('web-lighthouse'), ctx(false, ['web-first-load'])).argv).toContain('--dist');
    expect(commandOf(bench('web-lighthouse'), ctx(false, ['web-lighthouse'])).argv).not.toContain('--dist');
  });
});

describe('figures', () => {
  it('judges the paired 100k ÷ 1k ratio against 1.25', () => {
    const row = (ratio: number) => ({
      route: 'GET /tickets pending',
      'S p50 / p99 ms': '67.8 / 125',
      'S req/s': 140.3,
      'L p50 / p99 ms': '71.9 / 121.1',
      'L req/s': 134.3,
      errors: 0,
      'p99 L ÷ S': ratio,
      goal: 'ok',
    });
    const ok = pairedFigures([row(0.97)]);
    expect(ok.map((f) => f.ok)).toEqual([undefined, undefined, true]);
    expect(ok[1]).toMatchObject({ figure: '71.9 / 121.1 ms · 134.3/s', value: 121.1 });
    expect(pairedFigures([row(1.3)])[2]!.ok).toBe(false);
    expect(pairedFigures([{ ...row(1), errors: 3 }]).at(-1)).toMatchObject({
      name: 'GET /tickets pending: errors',
      ok: false,
    });
  });

  it('reports write units per action against issue 28’s goals, honestly', () => {
    const figures = bench('request-counts').figures({
      rows: [
        { operation: 'inbound customer message (its ticket open)', 'WRU (AWS)': 11.2, RRU: 4 },
        {
          operation: 'a new customer’s first message (contact, ticket, the queue’s greeting and its acks)',
          'WRU (AWS)': 24,
          RRU: 30,
        },
        { operation: 'a delivery/read ack of an outbound message (worker and fan-out)', 'WRU (AWS)': 3, RRU: 1 },
        { operation: 'GET /auth/me', 'WRU (AWS)': 0, RRU: 1.5 },
      ],
    });
    expect(figures.map((f) => [f.goal, f.ok])).toEqual([
      ['≤ 7 WRU', false],
      ['≤ 25 WRU', true],
      ['≤ 3 WRU', true],
      ['—', undefined],
    ]);
    expect(figures[0]!.figure).toBe('11.2 / 4');
  });

  it('judges the inbound goal on the steady scenario’s p99', () => {
    const steady = { name: '100 msgs/s over 50 customers (conversations open)', 'p50 ms': 40, 'p99 ms': 120, 'msgs/s': 99 };
    const out = (p99: number) => ({
      rate: 100,
      customers: 50,
      seconds: 10,
      rows: [
        { name: '1 customer', 'p50 ms': 10, 'p99 ms': 20 },
        { ...steady, 'p99 ms': p99 },
        { name: '  sent in second 1', 'p50 ms': 1, 'p99 ms': 2 },
        { name: 'new customers', 'p50 ms': 50, 'p99 ms': 300 },
      ],
      steady: { ...steady, 'p99 ms': p99 },
      opening: { name: 'new customers', 'p50 ms': 50, 'p99 ms': 300 },
      callsPerMessage: { dynamoDb: 9, sqs: 2, posts: 1 },
      cpuMsPerMessage: 6,
    });
    const over = bench('inbound-pipeline').figures(out(120));
    expect(over[0]).toMatchObject({ goal: '≤ 100 ms p99', ok: false, value: 120 });
    expect(bench('inbound-pipeline').figures(out(98))[0]!.ok).toBe(true);
    // the scenarios once each: not the steady or opening rows again, not the per-second rows
    expect(over.filter((f) => /sent in second|^new customers|^100 msgs\/s over/.test(f.name))).toEqual([]);
    expect(over.map((f) => f.name)).toContain('1 customer p50 / p99');
  });

  it('gives the sign-in page 10 KB of headroom under its budget', () => {
    const routes = (signIn: number) => ({
      routes: [
        { name: 'Sign-in route (/login)', totalBytes: signIn, budget: 200 * 1024, goal: null },
        { name: 'Tickets screen (/tickets, signed in)', totalBytes: 337 * 1024, budget: 342 * 1024, goal: 250 * 1024 },
      ],
    });
    expect(
      bench('web-first-load')
        .figures(routes(188 * 1024))
        .map((f) => f.ok),
    ).toEqual([true, true, false]);
    expect(bench('web-first-load').figures(routes(195 * 1024))[0]!.ok).toBe(false);
  });
});

describe('this run ÷ the last committed one', () => {
  const now: Figure = { name: 'p99', goal: '—', figure: '150 ms', value: 150 };
  it('divides by the figure of the same name, and only numbers', () => {
    expect(ratioToLast(now, [{ ...now, value: 100 }])).toBe(1.5);
    expect(ratioToLast(now, [{ ...now, name: 'other', value: 100 }])).toBeUndefined();
    expect(ratioToLast(now, [{ ...now, value: undefined }])).toBeUndefined();
    expect(ratioToLast(now, undefined)).toBeUndefined();
  });

  it('prints the last figure and the ratio as columns', () => {
    const table = markdownTable([now], [{ ...now, figure: '100 ms', value: 100 }]);
    expect(table.split('\n')[2]).toBe('| p99 | — | 150 ms | 100 ms | 1.50 | reported |');
  });
});

describe('the page', () => {
  const benches = [bench('request-counts'), bench('auth-users')];
  const base = {
    benches,
    ran: new Set(['request-counts', 'auth-users']),
    quick: false,
    commit: 'abc1234',
    startLoad: [1, 1, 1],
    expectedMinutes: { thisRun: 5, full: 100 },
  };

  it('shows a bench that failed or did not run as a failure, with its error', () => {
    const page = buildPage({
      ...base,
      records: new Map([['request-counts', record('request-counts', undefined, { exitCode: 1, errorTail: 'boom' })]]),
    });
    expect(page.failed).toBe(2);
    expect(page.markdown).toContain('exited 1 without its figures');
    expect(page.markdown).toContain('boom');
    expect(page.markdown).toMatch(/auth-users \| not run/);
  });

  it('gives each bench its command and load before and after, and keeps its figures for the next run', () => {
    const rows = [{ name: 'POST /auth/login', 'p50 ms': 80, 'p99 ms': 140 }];
    const page = buildPage({
      ...base,
      records: new Map([['auth-users', record('auth-users', { rows })]]),
      last: {
        writtenAt: '2026-11-27',
        commit: 'old',
        quick: false,
        benches: {
          'auth-users': {
            startedAt: '',
            figures: [{ name: 'POST /auth/login p50 / p99', goal: '—', figure: '70 / 70 ms', value: 70 }],
          },
        },
      },
    });
    expect(page.markdown).toContain('`npx tsx bench/auth-users.ts --json`, 2026-11-28T01:00:00.000Z, load 1 → 2');
    expect(page.markdown).toContain('| POST /auth/login p50 / p99 | — | 80 / 140 ms | 70 / 70 ms | 2.00 | reported |');
    expect(page.figures.benches['auth-users']!.figures[0]!.value).toBe(140);
    expect(page.markdown).toContain('≈ 100 min');
  });
});

describe('a bench whose output is not on this machine', () => {
  const kept = { name: 'POST /auth/login p50 / p99', goal: '—', figure: '70 / 90 ms', value: 90 };
  /** A page of a run that executed `ran` and has no output of any bench; auth-users was committed with `kept`. */
  const pageWithout = (ran: string[], lastMarkdown?: string) =>
    buildPage({
      benches: [bench('request-counts'), bench('auth-users')],
      ran: new Set(ran),
      quick: false,
      commit: 'abc1234',
      startLoad: [1, 1, 1],
      expectedMinutes: { thisRun: 0, full: 100 },
      records: new Map(),
      lastMarkdown,
      last: {
        writtenAt: '2026-11-27',
        commit: 'old',
        quick: false,
        benches: { 'auth-users': { startedAt: '2026-11-27T10:00:00.000Z', figures: [kept] } },
      },
    });

  it('keeps its figures from the last committed page when this run did not execute it', () => {
    const page = pageWithout([]);
    expect(page.failed).toBe(1); // request-counts: nothing committed, not run
    expect(page.markdown).toContain('as the last committed page has them, measured 2026-11-27T10:00:00.000Z');
    expect(page.markdown).toContain('| POST /auth/login p50 / p99 | — | 70 / 90 ms | 70 / 90 ms | 1.00 | reported |');
    expect(page.figures.benches['auth-users']).toEqual({ startedAt: '2026-11-27T10:00:00.000Z', figures: [kept] });
  });

  it('copies its summary row and section from the committed page when it has them', () => {
    const auth = bench('auth-users');
    const section = `## ${auth.title} (\`${auth.script}\`)\n\n\`npx tsx bench/auth-users.ts --json\`, then\n\n| a | table |`;
    const row = '| auth-users | 2026-11-27 10:00 (earlier) | 0.4 min | 1 → 2 | 0 | 0 of 0 |';
    const page = pageWithout([], `# Benchmark results\n\n| bench |\n${row}\n\n${section}\n\n## Not in this report\n`);
    expect(page.markdown).toContain(`${row}\n`);
    expect(page.markdown).toContain(`${section}\n\n## Not in this report`);
    expect(page.markdown).toMatch(/request-counts \| not run/);
  });

  it('is "not run" when this run executed it without an output', () => {
    const page = pageWithout(['auth-users']);
    expect(page.failed).toBe(2);
    expect(page.markdown).toMatch(/auth-users \| not run/);
  });
});

describe('options and duration', () => {
  it('parses --quick, --last and --only, and refuses an unknown bench', () => {
    expect(parseOptions(['--quick', '--only', 'auth-users,bundles'])).toMatchObject({
      quick: true,
      last: false,
      only: ['auth-users', 'bundles'],
    });
    expect(() => parseOptions(['--only', 'tickets'])).toThrow(/no bench tickets/);
  });

  it('expects the last measured duration of the same size, else the estimate', () => {
    const two = [bench('auth-users'), bench('bundles')];
    const measured = (quick: boolean) => (name: string) =>
      name === 'auth-users' ? record(name, {}, { quick, seconds: 600 }) : undefined;
    expect(expectedMinutes(two, false, measured(false))).toBe(10 + bench('bundles').minutes.full);
    expect(expectedMinutes(two, false, measured(true))).toBe(
      bench('auth-users').minutes.full + bench('bundles').minutes.full,
    );
  });

  it('keeps what went wrong from a failed bench’s stderr, not its stack frames', () => {
    const stderr = [
      'Error: GET /companies/1 answered 500: {"error":"ERR_INTERNAL"}',
      '    at Object.api (/work/main/bench/support/console-client.ts:42:34)',
      '    at process.processTicksAndRejections (node:internal/process/task_queues:103:5)',
      '',
      'Node.js v22.23.3',
    ].join('\n');
    expect(errorLines(stderr)).toBe('Error: GET /companies/1 answered 500: {"error":"ERR_INTERNAL"}');
  });

  it('reads the last JSON line of a bench’s output', () => {
    expect(lastJsonLine('table\n{"a":1}\n{not json\nbye\n')).toEqual({ a: 1 });
    expect(lastJsonLine('no json')).toBeUndefined();
  });
});
