/**
 * A simulated customer writing to the business, as a person with a phone would while the business's
 * WhatsApp side is down: the send is retried until the (simulated) WhatsApp server takes it, and
 * before resending the customer looks at the phone — a message the server already holds is not typed
 * twice. (The simulated WhatsApp server and phones live in the session host's process: they are away
 * while it is killed, and come back with what they had stored.)
 */
import type { SimMessageView } from '@atende/shared';
import type { FaultPlatform } from './fault-platform';

const GIVE_UP_MS = 90_000;

export async function customerWrites(
  platform: Pick<FaultPlatform, 'sim' | 'connectionId'>,
  number: string,
  text: string,
  giveUpMs = GIVE_UP_MS,
): Promise<void> {
  const path = `/connections/${platform.connectionId}/contacts/${number}/messages`;
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      if (attempt > 0) {
        const { messages } = await platform.sim<{ messages: SimMessageView[] }>('GET', path);
        if (messages.some((m) => m.from === 'customer' && m.text === text)) return;
      }
      await platform.sim('POST', path, { text });
      return;
    } catch (err) {
      if (Date.now() - started > giveUpMs) throw err;
      await new Promise((r) => setTimeout(r, 300));
    }
  }
}
