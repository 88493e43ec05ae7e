/** What the bots read and decide. Plain data: the inbound worker loads it and applies the decision. */
import type { BusinessHoursEntry } from './business-hours';

export interface BotQueueOption {
  id: string;
  title: string;
  message?: string;
  /** Position shown to the customer, starting at 1 (spec part 3 §9). */
  option: number;
  children: BotQueueOption[];
}

export interface BotQueue {
  id: string;
  name: string;
  greetingMessage?: string;
  outOfHoursMessage?: string;
  schedules?: BusinessHoursEntry[];
  /** Top-level menu options (parentId null). */
  options: BotQueueOption[];
}

export interface BotConnection {
  greetingMessage?: string;
  complationMessage?: string;
  outOfHoursMessage?: string;
  ratingMessage?: string;
  /** The connection's queues in the order the menu lists them. */
  queues: BotQueue[];
}

export interface BotSettings {
  /** IANA time zone of the company. */
  timeZone: string;
  /** Company setting scheduleType: whose business hours apply. */
  scheduleType: 'disabled' | 'company' | 'queue';
  companyHours?: BusinessHoursEntry[];
  /** Company setting userRating. */
  userRating: boolean;
}

export interface BotTicket {
  id: string;
  status: 'pending' | 'open' | 'closed';
  queueId: string | null;
  userId: string | null;
  /** The customer is talking to the menu (spec part 1 §3 "chatbot flag"). */
  chatbot: boolean;
  /** Option ids from the queue's top level down to where the customer is. */
  botPath: string[];
  /** A rating question was sent on resolve and no answer came yet. */
  awaitingRating: boolean;
  /** When the menu bot last handled a message of this customer (ISO): a burst is answered once. */
  menuHeardAt?: string;
  /** When the ticket was created (ISO): with its id, its protocol number. */
  createdAt: string;
}

export interface BotContext {
  connection: BotConnection;
  settings: BotSettings;
  ticket: BotTicket;
  contactName: string;
  /** The customer's message text (trimmed by the engine). */
  text: string;
  at: Date;
  /** The ticket was created or reopened by this message: the bots start it over (greeting, menu from the top). */
  isNewTicket: boolean;
  random?: () => number;
}

export interface BotDecision {
  /** Texts to send to the customer, in order, marked as bot messages. */
  replies: string[];
  /** Ticket fields to change (only the ones present). */
  changes: Partial<Pick<BotTicket, 'queueId' | 'chatbot' | 'botPath' | 'awaitingRating' | 'menuHeardAt'>> & {
    status?: 'closed';
  };
  /** A 1–3 rating to record for the ticket's user. */
  rating?: 1 | 2 | 3;
}
