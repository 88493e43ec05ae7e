/**
 * A campaign's target, page by page in a stable order: the items of its contact list
 * (listContactListItemsPage, creation order), or the contacts of the company's tickets carrying its
 * tag (AP-TG4, contact order; tagged-target.ts).
 */
import type { CampaignRecord } from '../../data/campaigns';
import { listContactListItemsPage } from '../../data/contact-list-items';
import { logger } from '../../platform/logger';
import { readTaggedContactsPage } from './tagged-target';

export interface TargetContact {
  id: string;
  name: string;
  number: string;
  email: string;
  /** false: refused by WhatsApp at import; null: not checked (tried, the send tells). */
  isWhatsappValid: boolean | null;
}

export interface TargetPage {
  items: TargetContact[];
  /** Absent on the last page. */
  cursor?: string;
}

export async function readTargetPage(
  campaign: CampaignRecord,
  cursor: string | undefined,
  limit: number,
): Promise<TargetPage> {
  if (campaign.contactListId) {
    const page = await listContactListItemsPage(campaign.companyId, campaign.contactListId, { cursor, limit });
    return {
      items: page.items.map((i) => ({
        id: i.id,
        name: i.name,
        number: i.number,
        email: i.email,
        isWhatsappValid: i.isWhatsappValid,
      })),
      ...(page.cursor ? { cursor: page.cursor } : {}),
    };
  }
  if (campaign.tagListId) return readTaggedContactsPage(campaign.companyId, campaign.tagListId, cursor, limit);
  logger.warn('campaign target without a source', {
    companyId: campaign.companyId,
    campaignId: campaign.id,
  });
  return { items: [] };
}

/** Only numbers WhatsApp refused at import are left out. */
export const isSendable = (c: TargetContact): boolean => c.isWhatsappValid !== false && c.number.length > 0;
