/**
 * The tenant's campaign and internal-chat records for the manifest-driven suites: the campaign area
 * switched on (so its routes answer past ERR_FEATURE_UNAVAILABLE and an attack meets the tenant check),
 * one contact list with one item, one INATIVA campaign on that list and the tenant's connection, and
 * one chat of the admin and the operator with a message. All made through the product's own API calls;
 * every name, number and id is added to the tenant's secrets.
 */
import { ulid } from 'ulid';
import { putSetting } from '../../../src/data/settings';
import { apiCall } from '../../support/api-event';
import type { Tenant } from './world';

export interface CampaignRecords {
  contactListId: string;
  contactListItemId: string;
  campaignId: string;
  chatId: string;
}

const unique = () => ulid().toLowerCase().slice(-8);

/** Room for the attacker's own creations too (a full list or plan would stop a request before its tenant check). */
const CAMPAIGN_SETTINGS = {
  campaignsEnabled: 'true',
  limitOfCampaignBy: 'doNotLimit',
  numberOfCampaigns: '50',
  numberOfGroupsCampaigns: '50',
  numberOfContactsInGroupsCampaigns: '100',
};

export async function enableCampaigns(companyId: string): Promise<void> {
  for (const [key, value] of Object.entries(CAMPAIGN_SETTINGS)) await putSetting(companyId, key, value);
}

type Area = 'contactlists' | 'campaigns' | 'chats';

export async function addCampaignRecords(tenant: Tenant, label: string): Promise<CampaignRecords> {
  const made = async (area: Area, path: string, body: Record<string, unknown>, pathParameters = {}) => {
    const res = await apiCall(area, 'POST', path, { token: tenant.admin.token, body, pathParameters });
    if (res.status !== 201 && res.status !== 200)
      throw new Error(`fixture ${path} of ${label}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as string;
  };
  const listName = `Lista secreta ${label} ${unique()}`;
  const contactListId = await made('contactlists', '/contact-lists', { name: listName });
  const itemName = `Item secreto ${label} ${unique()}`;
  const itemNumber = `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const contactListItemId = await made('contactlists', '/contact-list-items', {
    name: itemName,
    number: itemNumber,
    contactListId,
  });
  const campaignName = `Campanha secreta ${label} ${unique()}`;
  const campaignText = `oferta secreta ${label} ${unique()}`;
  const campaignId = await made('campaigns', '/campaigns', {
    name: campaignName,
    message1: campaignText,
    contactListId,
    whatsappIds: [tenant.connection.id],
  });
  const chatTitle = `Chat secreto ${label} ${unique()}`;
  const chatId = await made('chats', '/chats', {
    title: chatTitle,
    users: [{ id: tenant.operator.user.id, name: tenant.operator.user.name }],
  });
  const chatText = `recado secreto ${label} ${unique()}`;
  await made('chats', '/chats/{id}/messages', { message: chatText }, { id: chatId });
  tenant.secrets.push(
    listName,
    contactListId,
    itemName,
    itemNumber,
    contactListItemId,
    campaignName,
    campaignText,
    campaignId,
    chatTitle,
    chatId,
    chatText,
  );
  return { contactListId, contactListItemId, campaignId, chatId };
}
