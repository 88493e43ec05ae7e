/**
 * Scheduled messages under faults: the operator schedules messages to a customer a few seconds ahead
 * (POST /schedules, from the ticket), then the minute tick runs — twice at once, as a duplicated
 * EventBridge delivery would — and the dispatch queue sends each at its time. Each must reach the
 * customer's phone exactly once, whatever crashes or throttling meet the tick and the dispatch.
 */
import type { ContactListAnswer } from '@atende/shared';
import type { FaultPlatform } from './fault-platform';

/** Schedules `texts` to the customer of `ticketId`, due `dueInMs` from now. */
export async function scheduleMessages(
  platform: FaultPlatform,
  number: string,
  ticketId: string,
  texts: string[],
  dueInMs: number,
): Promise<void> {
  const operator = platform.operator;
  const found = await operator.retried<ContactListAnswer>('GET', `/contacts?searchParam=${number}`);
  const contact = found.body?.contacts?.find((c) => c.number === number);
  if (!contact) throw new Error(`no contact ${number}: ${found.status}`);
  const sendAt = new Date(Date.now() + dueInMs).toISOString();
  for (const body of texts) {
    // Not retried: schedules carry no idempotency key, so a retry after a lost answer would schedule a
    // second message (the verdict would show it doubled); a failed call fails the scenario instead.
    const answer = await operator.retried('POST', '/schedules', { body, contactId: contact.id, sendAt, ticketId }, 1);
    if (answer.status >= 300) throw new Error(`POST /schedules answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
}

/** The minute tick, delivered twice at once (EventBridge delivers at least once). */
export async function tickTwice(platform: FaultPlatform): Promise<void> {
  const scheduler = platform.stack.scheduler;
  if (!scheduler) throw new Error('the stack runs no scheduler');
  await Promise.all([scheduler.tick(), scheduler.tick()]);
}
