/**
 * The results page's benches of the platform's paths: the API at 1,000 vs 100,000 tickets, contacts
 * and dashboard; inbound to the operator's socket; realtime fan-out; AWS requests and write units per
 * user action; the external send API; sign-in and users.
 */
import { atMost, latency, num, type Figure, type Row } from './figures';
import {
  data,
  FILL_JVM,
  latencyRows,
  pairedFigures,
  pairNote,
  sized,
  type ReportBench,
  type RunContext,
} from './bench-spec';

/** The 100,000-ticket companies tickets-scale fills; the dashboard bench measures the same ones. */
const ticketData = (ctx: RunContext) => ['--data-dir', data(ctx, 'tickets')];

/** Issue 28 §1: write units per user action at AWS's rates (bench/request-counts.ts explains the conversion). */
export const WRU_GOALS: { operation: string; limit: number }[] = [
  { operation: 'inbound customer message (its ticket open)', limit: 7 },
  // the same goal over a real chat's words (each word new to the ticket is a search entry: 1 WRU)
  { operation: 'inbound customer message, a support chat’s text', limit: 7 },
  { operation: 'a new customer’s first message', limit: 25 },
  { operation: 'a delivery/read ack', limit: 3 },
];

export const API_BENCHES: ReportBench[] = [
  {
    name: 'tickets-scale',
    title: 'Ticket workspace at 1,000 vs 100,000 tickets',
    script: 'bench/tickets-scale.ts',
    // positional: largeCount, seconds per route and company, fill minutes
    args: (ctx) => [...sized(ctx, ['100000', '8', '90'], ['2000', '2', '10']), ...ticketData(ctx)],
    env: FILL_JVM,
    minutes: { full: 40, quick: 3 },
    note: pairNote('tickets'),
    figures: (out: { rows: Row[] }) => pairedFigures(out.rows),
  },
  {
    name: 'dashboard-scale',
    title: 'Dashboard at 1,000 vs 100,000 tickets',
    script: 'bench/dashboard-scale.ts',
    // the companies tickets-scale filled (it runs first): one fill serves both
    args: (ctx) => [
      ...sized(ctx, ['100000', '8', '90'], ['2000', '2', '10']),
      ...ticketData(ctx),
      '--state-file',
      'bench-state.json',
    ],
    env: FILL_JVM,
    minutes: { full: 2, quick: 1 },
    note: pairNote('tickets'),
    figures: (out: { rows: Row[] }) => pairedFigures(out.rows),
  },
  {
    name: 'contact-search',
    title: 'Contact search at 1,000 vs 100,000 contacts',
    script: 'bench/contact-search.ts',
    args: (ctx) => [...sized(ctx, ['100000', '8', '60'], ['2000', '2', '10']), '--data-dir', data(ctx, 'contacts')],
    env: FILL_JVM,
    minutes: { full: 15, quick: 2 },
    note: pairNote('contacts'),
    figures: (out: { rows: Row[] }) => pairedFigures(out.rows),
  },
  {
    name: 'inbound-pipeline',
    title: 'Inbound to the operator’s socket',
    script: 'bench/inbound-pipeline.ts',
    // messages, burst customers, steady seconds, steady rate
    args: (ctx) => sized(ctx, ['200', '10', '10', '100'], ['20', '5', '2', '100']),
    // The steady run measured warm (bench/README.md "Inbound"): cold, its first seconds time DynamoDB
    // Local's JVM compiling, which AWS's DynamoDB never does. The quick run stays cold (it checks the page).
    env: (ctx): Record<string, string> => (ctx.quick ? {} : { BENCH_WARMUP_SECONDS: '60' }),
    minutes: { full: 4, quick: 3.5 },
    note: (out: { rate: number; seconds: number; customers: number }) =>
      `${out.rate} messages/s for ${out.seconds} s over ${out.customers} customers; latency from the simulator's send to the operator's socket event.`,
    figures(out: InboundOutput): Figure[] {
      const p99 = num(out.steady['p99 ms']);
      return [
        latency(
          `${out.rate} msgs/s, conversations open: p50 / p99`,
          out.steady,
          '≤ 100 ms p99',
          p99 !== undefined && p99 <= 100,
        ),
        {
          name: `${out.rate} msgs/s, conversations open: messages/s`,
          goal: '—',
          figure: String(out.steady['msgs/s']),
          value: num(out.steady['msgs/s']),
        },
        latency(`${out.rate} msgs/s from new customers (conversations opening): p50 / p99`, out.opening),
        // the scenarios (their sub-rows, indented, split the steady runs by kind and by second)
        ...latencyRows(
          out.rows.filter(
            (r) => !String(r.name).startsWith(' ') && r.name !== out.steady.name && r.name !== out.opening.name,
          ),
        ),
        {
          name: 'DynamoDB calls per message',
          goal: '—',
          figure: String(out.callsPerMessage.dynamoDb),
          value: out.callsPerMessage.dynamoDb,
        },
        {
          name: 'WebSocket posts per message',
          goal: '—',
          figure: String(out.callsPerMessage.posts),
          value: out.callsPerMessage.posts,
        },
        {
          name: 'CPU per message (whole local platform)',
          goal: '—',
          figure: `${out.cpuMsPerMessage} ms`,
          value: out.cpuMsPerMessage,
        },
      ];
    },
  },
  {
    name: 'realtime-audience',
    title: 'Realtime by audience and fan-out with 100 sockets',
    script: 'bench/realtime-audience.ts',
    // messages, API requests, seconds and rate of the fan-out read scenario
    args: (ctx) => sized(ctx, ['20', '200', '10', '100'], ['5', '20', '2', '50']),
    minutes: { full: 3, quick: 1.5 },
    figures: audienceFigures,
  },
  {
    name: 'request-counts',
    title: 'AWS requests and DynamoDB units per user action',
    script: 'bench/request-counts.ts',
    args: (ctx) => sized(ctx, ['10'], ['2']),
    minutes: { full: 3, quick: 1.5 },
    note: () =>
      'WRU (AWS): the writes at AWS’s rates (transactions priced per item, bench/request-counts.ts); RRU as DynamoDB Local reports them.',
    figures: (out: { rows: Row[] }) =>
      out.rows.map((row) => {
        const operation = String(row.operation);
        const wru = num(row['WRU (AWS)']);
        const goal = WRU_GOALS.find((g) => operation.startsWith(g.operation));
        const figure = `${row['WRU (AWS)']} / ${row.RRU}`;
        return goal
          ? atMost(`${operation}: WRU (AWS) / RRU`, wru, goal.limit, 'WRU', figure)
          : { name: `${operation}: WRU (AWS) / RRU`, goal: '—', figure, value: wru };
      }),
  },
  {
    name: 'external-api',
    title: 'External send API at 10 connections',
    script: 'bench/external-api.ts',
    args: (ctx) => sized(ctx, ['20'], ['5']),
    minutes: { full: 1, quick: 0.6 },
    figures: (out: { rows: Row[]; acceptedPerSecond: number }) => [
      ...out.rows.map((row) => ({
        ...latency(`${row.answer} p50 / p99`, row),
        figure: `${row['p50 ms']} / ${row['p99 ms']} ms · ${row['req/s']}/s`,
      })),
      {
        name: 'sends/s while the tokens had room',
        goal: '—',
        figure: String(out.acceptedPerSecond),
        value: out.acceptedPerSecond,
      },
    ],
  },
  {
    name: 'auth-users',
    title: 'Sign-in and users',
    script: 'bench/auth-users.ts',
    args: (ctx) => sized(ctx, ['200'], ['20']),
    minutes: { full: 1, quick: 0.6 },
    figures: (out: { rows: Row[] }) => latencyRows(out.rows),
  },
];

interface InboundOutput {
  rate: number;
  customers: number;
  seconds: number;
  rows: Row[];
  steady: Row;
  opening: Row;
  callsPerMessage: { dynamoDb: number; sqs: number; posts: number };
  cpuMsPerMessage: number;
}

interface AudienceOutput {
  perMessage?: { channel: string; 'posts per message': number }[];
  latency?: Row[];
  reads?: { figure: string; value: string | number }[];
}

/** Issue 28 §2 goals: ≤ 3 posts per message to 12 consoles, ≤ 1 read per fan-out batch, no key above 300 RCU/s. */
function audienceFigures(out: AudienceOutput): Figure[] {
  const figures: Figure[] = [];
  const total = out.perMessage?.find((p) => p.channel === 'total')?.['posts per message'];
  if (total !== undefined) {
    // Its audience is the 2 admin tabs of the 12 consoles (a queue-less connection); sent to every console it would be 12.
    figures.push(atMost('posts per inbound message, 12 consoles open', num(total), 3, ''));
  }
  const rows = out.latency ?? [];
  figures.push(...latencyRows(rows));
  // The API path with 100 sockets against 0, the fan-out not sharing the cores (in AWS it is its own Lambda).
  const idle = rows.find((r) => String(r.name).includes('0 sockets') && !String(r.name).includes('100'));
  const busy = rows.find((r) => String(r.name).includes('not sharing')) ?? rows[1];
  if (idle && busy) {
    const ratio = Number(busy['p99 ms']) / Number(idle['p99 ms']);
    figures.push(atMost('p99 with 100 sockets ÷ p99 with 0', Math.round(ratio * 100) / 100, 2, ''));
  }
  const reads = out.reads ?? [];
  const perBatch = reads.find((r) => r.figure === 'reads per batch');
  if (perBatch) figures.push(atMost('fan-out reads per batch, 100 operator sockets', num(perBatch.value), 1, ''));
  const rcuPerBatch = reads.find((r) => r.figure.startsWith('RCU per batch'));
  if (rcuPerBatch)
    figures.push({
      name: 'fan-out RCU per batch (AWS rates)',
      goal: '—',
      figure: String(rcuPerBatch.value),
      value: num(rcuPerBatch.value),
    });
  const busiest = reads.find((r) => r.figure.startsWith('RCU/s on '));
  if (busiest)
    figures.push(
      atMost('busiest partition key, RCU/s at the nominal rate', num(busiest.value), 300, 'RCU/s', String(busiest.value)),
    );
  return figures;
}
