/**
 * A campaign under the scenario's faults: a contact list of fresh numbers, a campaign to it on the
 * business's connection at the fastest pacing, started by the minute tick (fired here, and by the
 * platform's own tick too when the minute turns), while batches are redelivered, DynamoDB fails or
 * the consumers crash. Judged on the phones: each contact got its campaign message exactly once,
 * with its own name (a copy on another phone is misrouted), and the report says FINALIZADA with
 * delivered = valid = the list's size.
 */
import type { CampaignDto, CampaignReportDto, ContactListDto } from '@atende/shared';
import { until } from '../../../bench/support/console-client';
import { enableCampaigns, UNPACED_CAMPAIGN_SETTINGS } from '../../support/company-campaigns';
import { consoleUser, type ConsoleUser } from './console-user';
import type { FaultPlatform } from './fault-platform';
import { phonesOf } from './outside-view';
import { injectedSince, settle, takeBaseline } from './fault-accounting';
import type { ScenarioReport, ScenarioSpec } from './scenario';
import { judge, type Sent } from './verdict';

/** The campaign's one message: `{nome}` is each contact's name, so each phone's copy is its own. */
const messageOf = (token: string) => `Oferta da semana para {nome} ${token}`;
const copyFor = (token: string, name: string) => `para ${name} ${token}`;

const admins = new WeakMap<FaultPlatform, ConsoleUser>();

/**
 * Campaigns switched on for the admin's company (the super user's Companies form) with the fastest
 * pacing, once per platform; answers the admin signed in again after the switch.
 */
async function campaignAdmin(platform: FaultPlatform): Promise<ConsoleUser> {
  const made = admins.get(platform);
  if (made) return made;
  const { stack } = platform;
  await enableCampaigns(stack, platform.admin.companyId, { lists: 10, contactsPerList: 1000 });
  const login = stack.seeded.logins.find((l) => l.role === 'admin')!;
  const admin = await consoleUser(stack.apiUrl, stack.wsUrl, login.email, login.password!);
  await expectOk(
    admin.retried('POST', '/campaign-settings', { settings: UNPACED_CAMPAIGN_SETTINGS }),
    'POST /campaign-settings',
  );
  admins.set(platform, admin);
  return admin;
}

async function expectOk<T>(answer: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const { status, body } = await answer;
  if (status >= 300) throw new Error(`${what} answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

let nextRun = 0;

export async function runCampaignScenario(platform: FaultPlatform, spec: ScenarioSpec): Promise<ScenarioReport> {
  const admin = await campaignAdmin(platform);
  const run = ++nextRun;
  // Never …0000: the simulated WhatsApp has no account for those.
  const numbers = Array.from(
    { length: spec.customers },
    (_, c) => `55117${String(run).padStart(3, '0')}${String(c + 1).padStart(4, '0')}`,
  );
  const names = numbers.map((_, c) => `Cliente campanha ${run}-${String(c + 1).padStart(3, '0')}`);
  const token = `[f:${spec.name}:campaign:${run}]`;
  platform.calm();
  const list = await expectOk(
    admin.retried<ContactListDto>('POST', '/contact-lists', { name: `Lista das falhas ${run} ${Date.now()}` }),
    'POST /contact-lists',
  );
  const rows = numbers.map((number, c) => ({ line: c + 2, name: names[c], number, email: '' }));
  await expectOk(admin.retried('POST', `/contact-lists/${list.id}/upload`, { rows }), 'the list upload');
  const campaign = await expectOk(
    admin.retried<CampaignDto>('POST', '/campaigns', {
      name: `Campanha das falhas ${run} ${Date.now()}`,
      message1: messageOf(token),
      contactListId: list.id,
      whatsappIds: [platform.connectionId],
      scheduledAt: new Date().toISOString(),
    }),
    'POST /campaigns',
  );
  const base = await takeBaseline(platform);
  spec.faults(platform);
  const expected: Sent[] = numbers.map((customer, c) => ({ token: copyFor(token, names[c]!), customer }));
  const within = spec.recoverWithinMs ?? 60_000;
  const report = () => admin.retried<CampaignReportDto>('GET', `/campaigns/${campaign.id}/report`);
  try {
    const started = Date.now();
    // The start is due now: the tick is fired at once instead of awaited (the platform's own tick,
    // when the minute turns, finds it again or nothing: a second start is a fault it must absorb).
    await Promise.all([platform.stack.scheduler!.tick(), spec.during?.campaign?.(platform)]);
    const finished = await until(
      async () => {
        const { status, body } = await report();
        return status === 200 && body.campaign.status === 'FINALIZADA' ? true : undefined;
      },
      within,
      'the campaign FINALIZADA',
    ).then(
      () => Date.now() - started,
      () => undefined,
    );
    await new Promise((r) => setTimeout(r, 3000)); // a second copy gets its chance to show up
    const injected = injectedSince(platform, base);
    const { drainedMs, deadLettered } = await settle(platform, base, spec.name);
    const phones = await phonesOf(platform, numbers, { unwrittenEmpty: true });
    const verdict = judge([], expected, { tickets: {}, phones, contacts: {}, acks: {} });
    const figures = (await report()).body;
    const problems = [...verdict.problems, ...reportProblems(figures, numbers.length)];
    if (problems.length) console.log(`${spec.name}: ${JSON.stringify(figures)}\n${JSON.stringify(phones)}`);
    return {
      name: spec.name,
      ...verdict,
      problems,
      inboundRecoveredMs: finished,
      repliesRecoveredMs: finished,
      drainedMs,
      deadLettered,
      injected,
    };
  } finally {
    platform.calm();
  }
}

/** The report's own figures: FINALIZADA, every contact valid, planned once and delivered once, none failed. */
function reportProblems(figures: CampaignReportDto, contacts: number): string[] {
  const { campaign, validContacts, planned, delivered, failed } = figures;
  const problems: string[] = [];
  if (campaign.status !== 'FINALIZADA') problems.push(`campaign ${campaign.status}, not FINALIZADA`);
  if (validContacts !== contacts || planned !== contacts || delivered !== contacts || failed !== 0)
    problems.push(
      `report: valid ${validContacts}, planned ${planned}, delivered ${delivered}, failed ${failed} of ${contacts}`,
    );
  return problems;
}
