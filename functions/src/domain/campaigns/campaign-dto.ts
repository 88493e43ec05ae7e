/**
 * The campaign as the API answers it (CampaignDto): the stored fields plus the names the list shows,
 * the target list's (AP-CL1, one Get per distinct list of the page) and the chosen connections'
 * (AP-W2: the company's connections, bounded by its plan).
 */
import type { CampaignDto } from '@atende/shared';
import type { CampaignRecord } from '../../data/campaigns';
import { listConnections } from '../../data/connections';
import { getContactList } from '../../data/contact-lists';

export async function toCampaignDtos(companyId: string, campaigns: readonly CampaignRecord[]): Promise<CampaignDto[]> {
  if (!campaigns.length) return [];
  const listIds = [...new Set(campaigns.flatMap((c) => (c.contactListId ? [c.contactListId] : [])))];
  const [lists, connections] = await Promise.all([
    Promise.all(listIds.map((id) => getContactList(companyId, id))),
    listConnections(companyId),
  ]);
  const listNames = new Map(lists.flatMap((l) => (l ? [[l.id, l.name] as const] : [])));
  const connectionNames = new Map(connections.map((c) => [c.id, c.name]));
  return campaigns.map((c) => toDto(c, listNames, connectionNames));
}

export const toCampaignDto = async (campaign: CampaignRecord): Promise<CampaignDto> =>
  (await toCampaignDtos(campaign.companyId, [campaign]))[0]!;

function toDto(c: CampaignRecord, listNames: Map<string, string>, connectionNames: Map<string, string>): CampaignDto {
  const listName = c.contactListId ? listNames.get(c.contactListId) : undefined;
  return {
    id: c.id,
    name: c.name,
    status: c.status,
    message1: c.message1,
    message2: c.message2,
    message3: c.message3,
    message4: c.message4,
    message5: c.message5,
    confirmation: c.confirmation,
    confirmationMessage1: c.confirmationMessage1,
    confirmationMessage2: c.confirmationMessage2,
    confirmationMessage3: c.confirmationMessage3,
    confirmationMessage4: c.confirmationMessage4,
    confirmationMessage5: c.confirmationMessage5,
    contactListId: c.contactListId,
    contactList: c.contactListId && listName !== undefined ? { id: c.contactListId, name: listName } : null,
    tagListId: c.tagListId,
    whatsappIds: c.whatsappIds,
    // A connection deleted since is left out (its id stays in whatsappIds: the editor shows it as gone).
    whatsapp: c.whatsappIds.flatMap((id) => (connectionNames.has(id) ? [{ id, name: connectionNames.get(id)! }] : [])),
    scheduledAt: c.scheduledAt,
    completedAt: c.completedAt,
    mediaPath: c.mediaPath,
    mediaName: c.mediaName,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}
