/**
 * The fault suite's judgement, from what is seen outside the platform only: what the GET routes
 * show (tickets and their messages), what the simulated customers' phones received, and what an
 * operator's socket carried. Every message the harness sends carries a unique token (`[f:…]`).
 */

export interface Sent {
  token: string;
  /** The customer's number (the sender of a customer message, the recipient of a reply). */
  customer: string;
}

export interface Observed {
  /**
   * By customer number: the customer's tickets as the GET routes show them, with their messages' bodies
   * in the conversation's order and the last message the ticket list shows.
   */
  tickets: Record<string, { ticketId: string; bodies: string[]; lastMessage?: string }[]>;
  /** By customer number: the bodies of the business's messages on the customer's phone. */
  phones: Record<string, string[]>;
  /** By customer number: how many contacts hold it. */
  contacts: Record<string, number>;
  /** By message id: the acks an operator's socket carried, in arrival order. */
  acks: Record<string, number[]>;
}

export interface Verdict {
  sent: number;
  /** Sent messages seen at least once where they belong. */
  received: number;
  lost: number;
  /** Extra copies: a message seen n > 1 times counts n - 1. */
  doubled: number;
  /** Copies seen where they do not belong (another customer's ticket or phone). */
  misrouted: number;
  /** Customers with more than one ticket. */
  splitTickets: number;
  /** Extra contacts for one number. */
  duplicateContacts: number;
  /** Messages whose acks went down on the socket. */
  ackRegressions: number;
  /** Tickets whose list shows another last message than their conversation's newest. */
  staleLastMessages: number;
  /** One line per problem, for the test's failure message. */
  problems: string[];
}

export const tokenOf = (scenario: string, kind: 'in' | 'out' | 'scheduled', customer: number, n: number) =>
  `[f:${scenario}:${kind}:${customer}:${n}]`;

const occurrences = (bodies: string[], token: string) => bodies.filter((b) => b.includes(token)).length;

export function judge(customerMessages: Sent[], replies: Sent[], observed: Observed): Verdict {
  const problems: string[] = [];
  let received = 0;
  let doubled = 0;
  let misrouted = 0;
  const tally = (token: string, own: number, elsewhere: number, where: string) => {
    if (own > 0) received += 1;
    else problems.push(`${token} lost (${where})`);
    if (own > 1) problems.push(`${token} seen ${own} times (${where})`);
    if (elsewhere > 0) problems.push(`${token} seen ${elsewhere} times where it does not belong (${where})`);
    doubled += Math.max(0, own - 1);
    misrouted += elsewhere;
  };

  for (const m of customerMessages) {
    const own = (observed.tickets[m.customer] ?? []).reduce((n, t) => n + occurrences(t.bodies, m.token), 0);
    const elsewhere = Object.entries(observed.tickets)
      .filter(([customer]) => customer !== m.customer)
      .reduce((n, [, tickets]) => n + tickets.reduce((k, t) => k + occurrences(t.bodies, m.token), 0), 0);
    tally(m.token, own, elsewhere, 'tickets');
  }
  for (const r of replies) {
    const own = occurrences(observed.phones[r.customer] ?? [], r.token);
    const elsewhere = Object.entries(observed.phones)
      .filter(([customer]) => customer !== r.customer)
      .reduce((n, [, bodies]) => n + occurrences(bodies, r.token), 0);
    tally(r.token, own, elsewhere, 'phones');
  }

  const customers = new Set([...customerMessages, ...replies].map((m) => m.customer));
  let splitTickets = 0;
  let duplicateContacts = 0;
  for (const customer of customers) {
    const tickets = observed.tickets[customer]?.length ?? 0;
    if (tickets > 1) {
      splitTickets += 1;
      problems.push(`${customer} has ${tickets} tickets`);
    }
    const contacts = observed.contacts[customer] ?? 0;
    if (contacts > 1) problems.push(`${customer} has ${contacts} contacts`);
    duplicateContacts += Math.max(0, contacts - 1);
  }

  let staleLastMessages = 0;
  for (const ticket of Object.values(observed.tickets).flat()) {
    const newest = ticket.bodies.at(-1);
    if (ticket.lastMessage === undefined || newest === undefined || ticket.lastMessage === newest.slice(0, 255)) continue;
    staleLastMessages += 1;
    problems.push(`ticket ${ticket.ticketId} shows "${ticket.lastMessage}" last; its conversation ends with "${newest}"`);
  }

  let ackRegressions = 0;
  for (const [id, acks] of Object.entries(observed.acks)) {
    if (acks.some((ack, i) => i > 0 && ack < acks[i - 1]!)) {
      ackRegressions += 1;
      problems.push(`acks of ${id} went down: ${acks.join(' → ')}`);
    }
  }

  const sent = customerMessages.length + replies.length;
  return {
    sent,
    received,
    lost: sent - received,
    doubled,
    misrouted,
    splitTickets,
    duplicateContacts,
    ackRegressions,
    staleLastMessages,
    problems,
  };
}

/**
 * Nothing lost, nothing doubled or misrouted, one ticket and one contact per customer, acks only rise,
 * each ticket's last message its conversation's newest.
 */
export const isClean = (v: Verdict) =>
  v.lost + v.doubled + v.misrouted + v.splitTickets + v.duplicateContacts + v.ackRegressions + v.staleLastMessages === 0;
