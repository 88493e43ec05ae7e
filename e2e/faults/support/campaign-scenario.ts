/**
 * A campaign under the scenario's faults: a contact list of fresh numbers, a campaign to it on the
 * business's connection at the fastest pacing, started by the minute tick (fired here, and by the
 * platform's own tick too when the minute turns), while batches are redelivered, DynamoDB fails or
 * the consumers crash. Judged on the phones: each contact got its campaign message exactly once,
 * with its own name (a copy on another phone is misrouted), and the report says FINALIZADA with
 * delivered = valid = the list's size. With `confirmation`, each contact is asked first, answers when
 * the request shows on its phone, and gets the request and then the message, each exactly once.
 */
import type { CampaignDto, CampaignReportDto, ContactListDto } from '@atende/shared';
import { until } from '../../../bench/support/console-client';
import { enableCampaigns, UNPACED_CAMPAIGN_SETTINGS } from '../../support/company-campaigns';
import { consoleUser, type ConsoleUser } from './console-user';
import type { FaultPlatform } from './fault-platform';
import { customerWrites } from './customer-phone';
import { phonesOf, untilOnPhones } from './outside-view';
import { injectedSince, settle, takeBaseline } from './fault-accounting';
import type { ScenarioReport, ScenarioSpec } from './scenario';
import { judge, type Sent } from './verdict';

/** The campaign's one message: `{nome}` is each contact's name, so each phone's copy is its own. */
const messageOf = (token: string) => `Oferta da semana para {nome} ${token}`;
const copyFor = (token: string, name: string) => `para ${name} ${token}`;
/** With `confirmation`: the request each contact is asked first, and answers. */
const requestOf = (token: string) => `Podemos enviar a oferta, {nome}? ${token}`;
const requestFor = (token: string, name: string) => `${name}? ${token}`;

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
  const requestToken = `[f:${spec.name}:confirm:${run}]`;
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
      ...(spec.confirmation ? { confirmation: true, confirmationMessage1: requestOf(requestToken) } : {}),
      contactListId: list.id,
      whatsappIds: [platform.connectionId],
      scheduledAt: new Date().toISOString(),
    }),
    'POST /campaigns',
  );
  const base = await takeBaseline(platform);
  spec.faults(platform);
  const mains: Sent[] = numbers.map((customer, c) => ({ token: copyFor(token, names[c]!), customer }));
  const requests: Sent[] = spec.confirmation
    ? numbers.map((customer, c) => ({ token: requestFor(requestToken, names[c]!), customer }))
    : [];
  const within = spec.recoverWithinMs ?? 60_000;
  const report = () => admin.retried<CampaignReportDto>('GET', `/campaigns/${campaign.id}/report`);
  try {
    const started = Date.now();
    // The start is due now: the tick is fired at once instead of awaited (the platform's own tick,
    // when the minute turns, finds it again or nothing: a second start is a fault it must absorb).
    await Promise.all([platform.stack.scheduler!.tick(), spec.during?.campaign?.(platform)]);
    const [finalised] = await Promise.all([
      until(
        async () => {
          const { status, body } = await report();
          return status === 200 && body.campaign.status === 'FINALIZADA' ? true : undefined;
        },
        within,
        'the campaign FINALIZADA',
      ).then(
        () => true,
        () => false,
      ),
      answerRequests(platform, requests, within),
    ]);
    // Every main message on its phone (with confirmation, they follow the answers).
    const finished =
      finalised && (await untilOnPhones(platform, mains, Math.max(0, within - (Date.now() - started))))
        ? Date.now() - started
        : undefined;
    await new Promise((r) => setTimeout(r, 3000)); // a second copy gets its chance to show up
    const injected = injectedSince(platform, base);
    const { drainedMs, deadLettered } = await settle(platform, base, spec.name);
    const phones = await phonesOf(platform, numbers, { unwrittenEmpty: true });
    const verdict = judge([], [...requests, ...mains], { tickets: {}, phones, contacts: {}, acks: {} });
    const figures = (await report()).body;
    const problems = [...verdict.problems, ...reportProblems(figures, numbers.length, spec.confirmation === true)];
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

/**
 * Each contact answers the confirmation request once it shows on its phone (a person reading it), until
 * every contact has answered or `limitMs` passed. Nothing to do without requests.
 */
async function answerRequests(platform: FaultPlatform, requests: Sent[], limitMs: number): Promise<void> {
  const waiting = new Map(requests.map((r) => [r.customer, r.token]));
  const deadline = Date.now() + limitMs;
  while (waiting.size && Date.now() < deadline) {
    const phones = await phonesOf(platform, [...waiting.keys()], { unwrittenEmpty: true }).catch(() => undefined);
    const asked = [...waiting].filter(([number, request]) => phones?.[number]?.some((text) => text.includes(request)));
    await Promise.all(
      asked.map(async ([number]) => {
        await customerWrites(platform, number, 'Sim, pode enviar');
        waiting.delete(number);
      }),
    );
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The report's own figures: FINALIZADA, every contact valid, planned once and delivered once, none
 * failed; with confirmation, every contact asked once and confirmed once.
 */
function reportProblems(figures: CampaignReportDto, contacts: number, confirmation: boolean): string[] {
  const { campaign, validContacts, planned, delivered, failed, confirmationRequested, confirmed } = figures;
  const problems: string[] = [];
  if (campaign.status !== 'FINALIZADA') problems.push(`campaign ${campaign.status}, not FINALIZADA`);
  if (validContacts !== contacts || planned !== contacts || delivered !== contacts || failed !== 0)
    problems.push(
      `report: valid ${validContacts}, planned ${planned}, delivered ${delivered}, failed ${failed} of ${contacts}`,
    );
  if (confirmation && (confirmationRequested !== contacts || confirmed !== contacts))
    problems.push(`report: asked ${confirmationRequested}, confirmed ${confirmed} of ${contacts}`);
  return problems;
}
