/**
 * One part of a shipping to the contact: the confirmation request or the main message, as a
 * `message.send` command straight to the connection's session host. A campaign send opens no ticket
 * and records no message (Whaticket sends campaigns the same way; 100,000 tickets would be the cost
 * otherwise): its echo is dropped by the inbound path (`isCampaignCommand`), and a contact's answer
 * opens a conversation as any customer message does (decisions.md "Campaign sends open no ticket").
 *
 * Exactly once: the command id is `campaign:<campaignId>:<connIndex>:<position>:<itemId>:<part>`,
 * the same on every attempt (and what a later `message.sendFailed` finds the shipping by). SQS (FIFO dedup id = command id, 5 minutes) and the session host's executed-command
 * marker drop a repeated command; the shipping's state moves only after the command is queued, so a
 * crash in between queues it again under the same id rather than losing it.
 */
import {
  campaignConfirmationMessages,
  campaignMessages,
  fillCampaignVariables,
  mediaKindOf,
  type CampaignSettings,
} from '@atende/shared';
import type { CampaignRecord } from '../../data/campaigns';
import type { ConnectionRecord } from '../../data/connections';
import type { ShippingRecord } from '../../data/campaign-shippings';
import { sendOutboundCommand } from '../../platform/queues';
import { contactJid } from '../contacts/channel-identity';

export type ShippingPart = 'main' | 'confirm';

const COMMAND_PREFIX = 'campaign:';
const PARTS: readonly ShippingPart[] = ['main', 'confirm'];
export const shippingCommandId = (
  s: Pick<ShippingRecord, 'campaignId' | 'connIndex' | 'position' | 'id'>,
  part: ShippingPart,
) => `${COMMAND_PREFIX}${s.campaignId}:${s.connIndex}:${s.position}:${s.id}:${part}`;

export interface ShippingCommand {
  campaignId: string;
  connIndex: number;
  position: number;
  itemId: string;
  part: ShippingPart;
}

/** The shipping a campaign command was sent for; undefined for any other id (or the pre-position format). */
export function parseShippingCommandId(commandId: string): ShippingCommand | undefined {
  if (!commandId.startsWith(COMMAND_PREFIX)) return undefined;
  const [campaignId, connIndex, position, ...rest] = commandId.slice(COMMAND_PREFIX.length).split(':');
  const part = rest.pop() as ShippingPart;
  const itemId = rest.join(':');
  const whole = /^\d{1,8}$/;
  if (!campaignId || !itemId || !PARTS.includes(part) || !whole.test(connIndex ?? '') || !whole.test(position ?? ''))
    return undefined;
  return { campaignId, connIndex: Number(connIndex), position: Number(position), itemId, part };
}
/** A command (or its echo's clientMessageId) the engine sent. */
export const isCampaignCommand = (commandId: string | undefined): boolean => !!commandId?.startsWith(COMMAND_PREFIX);

/** The text the contact receives: the chosen slot's message, its variables filled. */
export function shippingText(
  campaign: CampaignRecord,
  shipping: ShippingRecord,
  part: ShippingPart,
  variables: CampaignSettings['variables'],
): string {
  const messages = part === 'main' ? campaignMessages(campaign) : campaignConfirmationMessages(campaign);
  const slot = part === 'main' ? shipping.messageSlot : (shipping.confirmationSlot ?? 1);
  // The slot was drawn at planning; a message emptied since (edited while CANCELADA) falls back in order.
  const template = messages[(slot - 1) % Math.max(1, messages.length)] ?? '';
  return fillCampaignVariables(template, shipping, variables);
}

export async function queueShippingPart(
  campaign: CampaignRecord,
  shipping: ShippingRecord,
  part: ShippingPart,
  connection: ConnectionRecord,
  variables: CampaignSettings['variables'],
): Promise<void> {
  const commandId = shippingCommandId(shipping, part);
  const text = shippingText(campaign, shipping, part, variables);
  // The attachment goes with the main message (the campaign's content), its text as the caption.
  const media =
    part === 'main' && campaign.mediaPath
      ? {
          kind: mediaKindOf(campaign.mediaMimetype ?? 'application/octet-stream'),
          key: campaign.mediaPath,
          mimetype: campaign.mediaMimetype ?? 'application/octet-stream',
          ...(campaign.mediaName ? { fileName: campaign.mediaName } : {}),
        }
      : undefined;
  await sendOutboundCommand(connection.shard, {
    type: 'message.send',
    commandId,
    companyId: campaign.companyId,
    connectionId: connection.id,
    issuedAt: new Date().toISOString(),
    to: contactJid({ number: shipping.number }),
    clientMessageId: commandId,
    ...(text ? { text } : {}),
    ...(media ? { media } : {}),
  });
}
