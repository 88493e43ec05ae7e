import { useCallback, useEffect, useRef } from 'react';
import { fetchMessages } from '../api/messages';
import { FIRST_PAGE } from '../api/types';

/** How long arrivals are gathered before the read that marks them read. */
export const READ_GATHER_MS = 300;

/**
 * Marks what arrives on the ticket on screen as read: a page-1 read (the API resets the count and
 * tells the channel). Arrivals are gathered, not read one by one: the first starts a short wait
 * (READ_GATHER_MS), the read follows, and arrivals during the read make one more read after it. A
 * customer forwarding 30 messages at once costs two or three reads instead of 30, and so two or three
 * read receipts to WhatsApp, whose acks come back through the same chat's queue as the messages.
 * Answers the function to call on each arrival.
 */
export function useReadOnArrival(ticketId: string): () => void {
  const state = useRef({ waiting: false, reading: false, again: false, alive: true });

  useEffect(() => {
    const s = state.current;
    s.alive = true;
    return () => {
      s.alive = false;
    };
  }, []);

  return useCallback(() => {
    const s = state.current;
    const read = async () => {
      s.waiting = false;
      s.reading = true;
      await fetchMessages(ticketId, FIRST_PAGE).catch(() => undefined);
      s.reading = false;
      if (s.again) {
        s.again = false;
        gather();
      }
    };
    const gather = () => {
      if (!s.alive || s.waiting) return;
      s.waiting = true;
      setTimeout(() => void read(), READ_GATHER_MS);
    };
    if (s.reading) s.again = true;
    else gather();
  }, [ticketId]);
}
