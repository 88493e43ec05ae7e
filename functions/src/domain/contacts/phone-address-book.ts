/**
 * Keeps a connection's address book as its socket syncs it (decisions.md "Import from the phone"):
 * every `contact.updated` naming a phone number and a name — the name saved on the phone (Baileys'
 * app-state `contactAction`, a chat's name from the history sync) or the person's push name — becomes
 * or refreshes the connection's entry. Groups and lid-only identities (no number) are not entries.
 */
import type { ChannelContact } from '@atende/shared';
import { saveAddressBookEntry } from '../../data/address-book';

/** Longest name kept (the contact takes at most 50 characters; the rest only bounds the item). */
const NAME_KEPT = 200;
const NUMBER_DIGITS = /^\d{8,15}$/;

export async function keepAddressBookEntry(companyId: string, connectionId: string, contact: ChannelContact) {
  const number = contact.number?.replace(/\D/g, '');
  const name = contact.name?.trim().slice(0, NAME_KEPT) || undefined;
  const pushName = contact.pushName?.trim().slice(0, NAME_KEPT) || undefined;
  if (!number || !NUMBER_DIGITS.test(number) || contact.jid.endsWith('@g.us') || (!name && !pushName)) return;
  await saveAddressBookEntry(companyId, connectionId, { number, name, pushName }); // AP-AB1
}
