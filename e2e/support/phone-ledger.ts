/**
 * What the simulated phones received, read from the simulator (docs/simulator-api.md), never from the
 * platform's records: per customer number, every business message of every given connection. The
 * outbound journey judges "exactly once" with it.
 */
import type { SimContact, SimMessageView } from '@atende/shared';
import type { LocalStack } from '../../infra/local/stack';
import { simulator } from './local-stack';

export interface ReceivedMessage {
  connectionId: string;
  text: string;
  timestamp: string;
}

/** number → the business messages its phone shows, over all the connections. */
export type PhoneLedger = Map<string, ReceivedMessage[]>;

/** Reads every conversation of the connections (a few at a time: the simulator is one process). */
export async function readPhoneLedger(stack: LocalStack, token: string, connectionIds: string[]): Promise<PhoneLedger> {
  const ledger: PhoneLedger = new Map();
  for (const connectionId of connectionIds) {
    const { contacts } = await simulator<{ contacts: SimContact[] }>(
      stack,
      token,
      'GET',
      `/connections/${connectionId}/contacts`,
    );
    for (let at = 0; at < contacts.length; at += 16) {
      const pages = await Promise.all(
        contacts
          .slice(at, at + 16)
          .map((contact) =>
            simulator<{ contact: SimContact; messages: SimMessageView[] }>(
              stack,
              token,
              'GET',
              `/connections/${connectionId}/contacts/${contact.number}/messages`,
            ),
          ),
      );
      for (const { contact, messages } of pages) {
        const received = ledger.get(contact.number) ?? [];
        for (const message of messages)
          if (message.from === 'business') received.push({ connectionId, text: message.text, timestamp: message.timestamp });
        ledger.set(contact.number, received);
      }
    }
  }
  return ledger;
}

/** The messages of `number` whose text is one of `texts` (a campaign's messages, filled for that contact). */
export const receivedOf = (ledger: PhoneLedger, number: string, matches: (text: string) => boolean): ReceivedMessage[] =>
  (ledger.get(number) ?? []).filter((message) => matches(message.text));
