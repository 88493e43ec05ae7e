/**
 * The menu bot and the automatic messages (issue 9 "Bots and automatic messages"), as pure decisions:
 * given the ticket, the connection's queues and the company's settings, what to send and what to
 * change. The inbound worker applies a decision with its own idempotent writes, so running the
 * engine twice for one message decides the same thing twice and changes nothing twice.
 *
 * Flow for a customer message on a pending ticket nobody took:
 * - company hours (scheduleType 'company') closed → the connection's out-of-hours message (new tickets only);
 * - no queues → the connection's greeting on a new ticket;
 * - one queue → the ticket enters it (a new ticket of such a connection is created in it and enters it
 *   on its first message); several → greeting + numbered queue menu until a number picks one;
 * - entering a queue → its out-of-hours message (scheduleType 'queue', closed) or its greeting, then
 *   its option tree: a number goes down, `0` back, `#` to the main menu; a leaf hands over to a person;
 * - a ticket the customer reopens enters its queue again (greeting and options from the top).
 *
 * A burst is answered once: a message that picks nothing repeats the menu only when the customer
 * paused at least MENU_REPEAT_PAUSE_MS since the last message the menu handled (`menuHeardAt`, kept on
 * every message the menu handles). Twenty lines typed or pasted in a row get one menu, not twenty;
 * a wrong number typed after reading the menu gets it again (docs/decisions.md "One menu per burst").
 */
import { isWithinBusinessHours } from './business-hours';
import { BACK_KEY, MAIN_MENU_KEY, RATING_SCALE, joinParts, optionsMenu, queueMenu } from './bot-menus';
import type { BotContext, BotDecision, BotQueue, BotQueueOption } from './bot-types';
import { ticketProtocol } from '../tickets/ticket-protocol';
import { renderTemplate } from './message-template';

const nothing = (): BotDecision => ({ replies: [], changes: {} });

type Render = (template: string | undefined) => string | undefined;
type RenderContext = Pick<BotContext, 'contactName' | 'ticket' | 'at' | 'settings' | 'random'>;

/** Fills a template for this ticket's customer; an empty template sends nothing. */
const renderer =
  (ctx: RenderContext): Render =>
  (template) =>
    template?.trim()
      ? renderTemplate(template, {
          contactName: ctx.contactName,
          protocol: ticketProtocol(ctx.ticket),
          at: ctx.at,
          timeZone: ctx.settings.timeZone,
          random: ctx.random,
        })
      : undefined;

/** The quiet time after which a message that picks nothing gets the menu again (Whaticket debounces 3 s). */
export const MENU_REPEAT_PAUSE_MS = 3_000;

/** This message came less than MENU_REPEAT_PAUSE_MS after the previous one the menu handled (or before it). */
const inBurst = (ctx: BotContext): boolean =>
  !ctx.isNewTicket &&
  ctx.ticket.menuHeardAt !== undefined &&
  ctx.at.getTime() - Date.parse(ctx.ticket.menuHeardAt) < MENU_REPEAT_PAUSE_MS;

/**
 * This message is older than the last one the menu handled: a redelivery (or a second run) the
 * customer's next message overtook. Its replies went out with its first run, and deciding again from
 * the state the later message left would move the menu back (a new ticket's greeting resetting a
 * choice already answered).
 */
const overtaken = (ctx: BotContext): boolean =>
  ctx.ticket.menuHeardAt !== undefined && ctx.at.getTime() < Date.parse(ctx.ticket.menuHeardAt);

/** Every decision of the menu (queue menu or option tree) notes the message's time. */
const heard = (ctx: BotContext, decision: BotDecision): BotDecision => ({
  replies: decision.replies,
  changes: { ...decision.changes, menuHeardAt: ctx.at.toISOString() },
});

/** The menu again for a message that picked nothing, unless the customer is still typing. */
const repeat = (ctx: BotContext, decision: BotDecision): BotDecision => (inBurst(ctx) ? nothing() : decision);

/** `' 2 '` → 2; anything that is not a plain positive integer → null. */
const choice = (text: string): number | null => (/^\d{1,3}$/.test(text) ? Number(text) : null);

export function decideInbound(input: BotContext): BotDecision {
  const ctx = { ...input, text: input.text.trim() };
  const { ticket, connection, settings } = ctx;
  if (ticket.status !== 'pending' || ticket.userId || overtaken(ctx)) return nothing();
  const render = renderer(ctx);

  if (settings.scheduleType === 'company' && !isWithinBusinessHours(settings.companyHours, ctx.at, settings.timeZone)) {
    const text = ctx.isNewTicket ? render(connection.outOfHoursMessage) : undefined;
    return { replies: text ? [text] : [], changes: {} };
  }

  const queues = connection.queues;
  if (queues.length === 0) {
    const greeting = ctx.isNewTicket ? render(connection.greetingMessage) : undefined;
    return { replies: greeting ? [greeting] : [], changes: {} };
  }

  const current = ticket.queueId ? queues.find((q) => q.id === ticket.queueId) : undefined;
  if (!current) return heard(ctx, chooseQueue(ctx, queues, render));
  // A new ticket of a one-queue connection is born in that queue: its first message enters it all the same.
  // A reopened ticket starts its queue over: greeting and menu from the top, whatever the menu state
  // it was closed in (docs/decisions.md "A reopened ticket is greeted in its queue from the top").
  if (ctx.isNewTicket) {
    const entered = enterQueue(ctx, current, render);
    // only a menu shown needs the message's time (`inBurst`); a greeting alone changes nothing on the ticket
    if (entered.changes.chatbot) return heard(ctx, entered);
    return entered.replies.length ? entered : nothing();
  }
  if (!ticket.chatbot) return nothing();
  return heard(ctx, navigateOptions(ctx, current, render));
}

/** No queue yet: the only one, the one the number picks, or the greeting and the numbered menu. */
function chooseQueue(ctx: BotContext, queues: readonly BotQueue[], render: Render): BotDecision {
  if (queues.length === 1) return enterQueue(ctx, queues[0]!, render);
  const picked = choice(ctx.text);
  if (picked !== null && picked >= 1 && picked <= queues.length) return enterQueue(ctx, queues[picked - 1]!, render);
  return repeat(ctx, {
    replies: [joinParts(render(ctx.connection.greetingMessage), queueMenu(queues))],
    changes: { chatbot: true, botPath: [] },
  });
}

function enterQueue(ctx: BotContext, queue: BotQueue, render: Render): BotDecision {
  const { settings } = ctx;
  if (settings.scheduleType === 'queue' && !isWithinBusinessHours(queue.schedules, ctx.at, settings.timeZone)) {
    const text = render(queue.outOfHoursMessage);
    return { replies: text ? [text] : [], changes: { queueId: queue.id, chatbot: false, botPath: [] } };
  }
  const hasOptions = queue.options.length > 0;
  const text = joinParts(render(queue.greetingMessage), hasOptions ? optionsMenu(queue.options, false) : undefined);
  return { replies: text ? [text] : [], changes: { queueId: queue.id, chatbot: hasOptions, botPath: [] } };
}

/** Walks `path` down the tree; stops at the deepest option still found (options may have been edited). */
function resolvePath(queue: BotQueue, path: readonly string[]): BotQueueOption[] {
  const trail: BotQueueOption[] = [];
  let level = queue.options;
  for (const id of path) {
    const next = level.find((o) => o.id === id);
    if (!next) break;
    trail.push(next);
    level = next.children;
  }
  return trail;
}

function navigateOptions(ctx: BotContext, queue: BotQueue, render: Render): BotDecision {
  const trail = resolvePath(queue, ctx.ticket.botPath);
  const listAt = (t: BotQueueOption[]) => optionsMenu(t.length ? t[t.length - 1]!.children : queue.options, t.length > 0);

  if (ctx.text === MAIN_MENU_KEY) {
    if (ctx.connection.queues.length > 1) {
      return {
        replies: [joinParts(render(ctx.connection.greetingMessage), queueMenu(ctx.connection.queues))],
        changes: { queueId: null, chatbot: true, botPath: [] },
      };
    }
    return {
      replies: [joinParts(render(queue.greetingMessage), optionsMenu(queue.options, false))],
      changes: { botPath: [] },
    };
  }
  if (ctx.text === BACK_KEY && trail.length > 0) {
    const up = trail.slice(0, -1);
    return { replies: [listAt(up)], changes: { botPath: up.map((o) => o.id) } };
  }

  const level = trail.length ? trail[trail.length - 1]!.children : queue.options;
  const picked = choice(ctx.text);
  const option = picked === null ? undefined : level.find((o) => o.option === picked);
  if (!option) return repeat(ctx, { replies: [listAt(trail)], changes: { botPath: trail.map((o) => o.id) } });

  const down = [...trail, option];
  const isLeaf = option.children.length === 0;
  const text = joinParts(render(option.message), isLeaf ? undefined : listAt(down));
  return { replies: text ? [text] : [], changes: { botPath: down.map((o) => o.id), chatbot: !isLeaf } };
}

/**
 * On resolve: with userRating on and a rating message, ask for the rating and wait for the answer
 * (the completion message follows it); otherwise send the completion message now.
 */
export function decideOnResolve(ctx: Omit<BotContext, 'text' | 'isNewTicket'>): BotDecision {
  const render = renderer(ctx);
  if (ctx.settings.userRating && ctx.connection.ratingMessage?.trim()) {
    return { replies: [joinParts(render(ctx.connection.ratingMessage), RATING_SCALE)], changes: { awaitingRating: true } };
  }
  const completion = render(ctx.connection.complationMessage);
  return { replies: completion ? [completion] : [], changes: {} };
}

/** `1`, `2` or `3` (spaces allowed): an answer to the rating question. */
export const isRatingAnswer = (text: string | undefined): boolean => /^\s*[123]\s*$/.test(text ?? '');

/**
 * A message on a closed ticket that awaits a rating: `1`–`3` records it and sends the completion
 * message, and the ticket stays closed (`handled`). Anything else ends the wait without a rating and
 * the message is handled as a new conversation (reopen window or a new ticket).
 */
export function decideRatingAnswer(ctx: Omit<BotContext, 'isNewTicket'>): BotDecision & { handled: boolean } {
  if (!ctx.ticket.awaitingRating) return { ...nothing(), handled: false };
  const picked = choice(ctx.text.trim());
  if (picked !== 1 && picked !== 2 && picked !== 3)
    return { replies: [], changes: { awaitingRating: false }, handled: false };
  const completion = renderer(ctx)(ctx.connection.complationMessage);
  return { replies: completion ? [completion] : [], changes: { awaitingRating: false }, rating: picked, handled: true };
}
