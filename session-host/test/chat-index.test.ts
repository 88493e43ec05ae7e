import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHATS_IN_MEMORY, ChatIndex } from '../src/adapters/baileys/chat-index';
import { silentLogger } from '../src/logger';
import type { Stores } from './support/baileys-harness';
import { sharedStores } from './support/shared-stores';

let stores: Stores;
beforeAll(async () => {
  stores = await sharedStores();
});
afterAll(() => stores.env.destroy());

describe('chat index memory (issue 29: sized per connection from bench/baileys-socket-memory.ts)', () => {
  it('keeps at most 2,000 messages in memory, and still finds an older LID chat in DynamoDB', async () => {
    const { companyId, connectionId } = stores.ids();
    const chats = new ChatIndex(silentLogger());
    chats.persistTo(stores.authStore.forConnection(companyId, connectionId).chatKeys);
    chats.remember('OLD-LID', { remoteJid: '99887766554433@lid' });
    chats.remember('OLD-GROUP', { remoteJid: '120363000000000001@g.us', participant: '5511988887777@s.whatsapp.net' });
    for (let i = 0; i < 5_000; i++)
      chats.remember(`M${i}`, { remoteJid: `551198${String(i).padStart(7, '0')}@s.whatsapp.net` });

    // 20,000 per connection was ≈ 6 MB: at 300 connections a task's whole heap (docs/deploy.md "Sizing").
    expect(chats.size).toBeLessThanOrEqual(2_000);
    expect(chats.size).toBe(CHATS_IN_MEMORY);
    expect(await chats.get('M4999')).toEqual({ remoteJid: '5511980004999@s.whatsapp.net' });
    // Evicted from memory; kept in DynamoDB because the fallback (the number) would be wrong for them.
    await expect.poll(() => chats.get('OLD-LID')).toEqual({ remoteJid: '99887766554433@lid' });
    expect(await chats.get('OLD-GROUP')).toEqual({
      remoteJid: '120363000000000001@g.us',
      participant: '5511988887777@s.whatsapp.net',
    });
    // A phone-number chat is not stored: its fallback is right.
    expect(await chats.get('M0')).toBeUndefined();
  });
});
