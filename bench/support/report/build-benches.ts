/**
 * The results page's benches of what is built and run beside the API: Lambda bundles and cold init,
 * the console's first load and Lighthouse, campaign planning and pacing, and the session-host fleet's
 * failover.
 */
import { BUDGET } from '../../bundles';
import { atMost, kb, num, type Figure, type Row } from './figures';
import { data, FILL_JVM, sized, type ReportBench } from './bench-spec';

/** Issue 28: the median Lambda bundle's goal (the budget BUDGET.medianBytes is what the tests enforce). */
const MEDIAN_BUNDLE_GOAL = 340 * 1024;
/** Issue 28: the sign-in page keeps at least this much headroom under its budget. */
const SIGN_IN_HEADROOM = 10 * 1024;

const webDist = (ctx: Parameters<ReportBench['args']>[0]) => data(ctx, 'web-dist');

export const BUILD_BENCHES: ReportBench[] = [
  {
    name: 'bundles',
    title: 'Lambda bundles and cold init',
    script: 'bench/bundles.ts',
    args: () => [],
    minutes: { full: 2, quick: 2.6 },
    figures(out: BundlesOutput): Figure[] {
      const slowest = Math.max(...out.figures.map((f) => f.coldInitMs));
      const coldMedian = [...out.figures.map((f) => f.coldInitMs)].sort((a, b) => a - b)[
        Math.floor(out.figures.length / 2)
      ]!;
      return [
        {
          ...atMost('largest bundle', out.largest / 1024, BUDGET.largestBytes / 1024, 'KB', kb(out.largest)),
          goal: `< ${kb(BUDGET.largestBytes)}`,
        },
        {
          ...atMost('median bundle (budget)', out.medianBytes / 1024, BUDGET.medianBytes / 1024, 'KB', kb(out.medianBytes)),
          goal: `< ${kb(BUDGET.medianBytes)}`,
        },
        atMost(
          'median bundle (issue 28 goal)',
          out.medianBytes / 1024,
          MEDIAN_BUNDLE_GOAL / 1024,
          'KB',
          kb(out.medianBytes),
        ),
        { name: 'median cold init', goal: '—', figure: `${coldMedian.toFixed(1)} ms`, value: coldMedian },
        { name: 'slowest cold init', goal: '—', figure: `${slowest.toFixed(1)} ms`, value: slowest },
      ];
    },
  },
  {
    name: 'web-first-load',
    title: 'The console’s first load',
    script: 'bench/web-first-load.ts',
    // built into the run's data folder: never the web/dist someone else is serving or testing
    args: (ctx) => ['--out-dir', webDist(ctx)],
    minutes: { full: 1, quick: 0.8 },
    note: () => 'gzip level 9 of what each route fetches before it renders (bench/support/web-first-load.ts).',
    figures: (out: { routes: { name: string; totalBytes: number; budget: number; goal: number | null }[] }) =>
      out.routes.flatMap(({ name, totalBytes, budget, goal }) => {
        const size = (limit: number, label: string) => atMost(label, totalBytes / 1024, limit / 1024, 'KB', kb(totalBytes));
        if (name.startsWith('Sign-in')) {
          const limit = budget - SIGN_IN_HEADROOM;
          return [{ ...size(limit, name), goal: `≤ ${kb(limit)} (budget ${kb(budget)}, ≥ 10 KB headroom)` }];
        }
        return [size(budget, `${name} (budget)`), ...(goal ? [size(goal, `${name} (issue 28 goal)`)] : [])];
      }),
  },
  {
    name: 'web-lighthouse',
    title: 'Lighthouse on the sign-in page (mobile preset)',
    script: 'bench/web-lighthouse.ts',
    // the first-load bench's build when it runs in the same report; its own build otherwise
    args: (ctx) => [...(ctx.selected.has('web-first-load') ? ['--dist', webDist(ctx)] : []), '--runs', sized(ctx, '3', '1')],
    minutes: { full: 1.5, quick: 1.7 },
    note: (out: { runs: unknown[] }) => `median of ${out.runs.length} run(s); its CPU figures follow the machine's load.`,
    figures(out: { median: LighthouseRun }): Figure[] {
      const m = out.median;
      const seconds = (ms: number) => ({ figure: `${(ms / 1000).toFixed(2)} s`, value: ms / 1000 });
      return [
        { name: 'performance', goal: '≥ 90', figure: String(m.performance), value: m.performance, ok: m.performance >= 90 },
        {
          name: 'accessibility',
          goal: '100',
          figure: String(m.accessibility),
          value: m.accessibility,
          ok: m.accessibility >= 100,
        },
        { name: 'first contentful paint', goal: '—', ...seconds(m.fcp) },
        { name: 'largest contentful paint', goal: '—', ...seconds(m.lcp) },
        { name: 'total blocking time', goal: '—', figure: `${Math.round(m.tbt)} ms`, value: m.tbt },
      ];
    },
  },
  {
    name: 'campaign-planning',
    title: 'Campaign planning over 100,000 contacts, and pacing',
    script: 'bench/campaign-planning.ts',
    // contacts, pacing seconds
    args: (ctx) => sized(ctx, ['100000', '180'], ['2000', '30']),
    env: FILL_JVM,
    minutes: { full: 9, quick: 1.3 },
    figures(out: { planning: Row; pacing?: Row[] }): Figure[] {
      const p = out.planning;
      const value = (key: string) => ({ figure: String(p[key]), value: num(p[key]) });
      return [
        { name: 'contacts planned', goal: '—', ...value('planned') },
        { name: 'planning time', goal: '—', figure: `${p['planning s']} s`, value: num(p['planning s']) },
        { name: 'DynamoDB requests for the planning', goal: '—', ...value('DynamoDB requests') },
        // SHIPPING_BUCKET_SIZE: no partition key holds more than 100 shippings
        atMost('most items written to one partition key in a second', num(p['max items / PK / s']), 100, ''),
        ...(out.pacing ?? []).map((row) => ({
          name: `${row.connection}: sends/min, first → last`,
          goal: `≈ ${row['expected/min']} (the settings)`,
          figure: String(row['first→last /min']),
          value: num(row['first→last /min']),
        })),
      ];
    },
  },
  {
    name: 'fleet-failover',
    title: 'Session-host fleet failover',
    script: 'bench/fleet-failover.ts',
    // connections, hosts
    args: (ctx) => sized(ctx, ['400', '4'], ['40', '3']),
    minutes: { full: 8, quick: 1.5 },
    note: (out: { connections: number; hosts: number }) =>
      `${out.connections} connections on ${out.hosts} hosts (+1 joining); one host SIGKILLed.`,
    figures(out: FleetOutput): Figure[] {
      return [
        {
          name: 'failover (SIGKILL → all CONNECTED elsewhere)',
          goal: '≤ 60 s',
          figure: `${out.failoverSeconds.toFixed(1)} s`,
          value: out.failoverSeconds,
          ok: out.failoverSeconds <= 60,
        },
        {
          name: 'messages sent / lost / doubled',
          goal: 'none lost or doubled',
          figure: `${out.messagesSent} / ${out.messagesLost} / ${out.messagesDoubled}`,
          ok: out.messagesLost === 0 && out.messagesDoubled === 0,
        },
        {
          name: 'connections seen on two hosts',
          goal: '0',
          figure: String(out.doubleRuns),
          value: out.doubleRuns,
          ok: out.doubleRuns === 0,
        },
        {
          name: "new host's share / time",
          goal: '≥ 15 % within 120 s',
          figure: `${Math.round(out.newHostShare * 100)} % / ${out.rebalanceSeconds.toFixed(1)} s`,
          value: out.rebalanceSeconds,
          ok: out.newHostShare >= 0.15 && out.rebalanceSeconds <= 120,
        },
      ];
    },
  },
];

interface BundlesOutput {
  figures: { area: string; bytes: number; coldInitMs: number }[];
  largest: number;
  medianBytes: number;
}

interface LighthouseRun {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
}

interface FleetOutput {
  connections: number;
  hosts: number;
  failoverSeconds: number;
  messagesSent: number;
  messagesLost: number;
  messagesDoubled: number;
  doubleRuns: number;
  newHostShare: number;
  rebalanceSeconds: number;
}
