/**
 * The cast of the campaigns API tests: a company with campaignsEnabled (and the campaign parameters
 * asked for), its admin, a supervisor and a user, one connection, one contact list and one tag.
 */
import { ulid } from 'ulid';
import type { CampaignDto, ConnectionDto } from '@atende/shared';
import { insertContactList } from '../../src/data/contact-lists';
import { insertTag } from '../../src/data/tags';
import { apiCall } from './api-event';
import { createTestTenant, createTestUser } from './tenancy-fixtures';

export type CampaignCompany = Awaited<ReturnType<typeof createCampaignCompany>>;

export async function createCampaignCompany(
  options: { enabled?: boolean; limitBy?: string; numberOfCampaigns?: number; contactsPerList?: number } = {},
) {
  const tenant = await createTestTenant({
    settings: [
      { key: 'campaignsEnabled', value: String(options.enabled ?? true) },
      { key: 'limitOfCampaignBy', value: options.limitBy ?? 'doNotLimit' },
      { key: 'numberOfCampaigns', value: String(options.numberOfCampaigns ?? 1) },
      { key: 'numberOfGroupsCampaigns', value: '5' },
      { key: 'numberOfContactsInGroupsCampaigns', value: String(options.contactsPerList ?? 100) },
    ],
  });
  const cid = tenant.company.id;
  const supervisor = await createTestUser(cid, { profile: 'supervisor', name: 'Supervisora' });
  const created = await apiCall('whatsapp', 'POST', '/whatsapp', {
    token: tenant.admin.token,
    body: { name: `Conexão ${ulid().slice(-6)}`, queueIds: [] },
  });
  if (created.status !== 201) throw new Error(`connection: ${created.status} ${JSON.stringify(created.body)}`);
  const now = new Date().toISOString();
  const list = { id: ulid(), companyId: cid, name: 'CLIENTES VIP', createdAt: now, updatedAt: now };
  await insertContactList(list, 5);
  const tag = { id: ulid(), companyId: cid, name: 'Quentes', color: '#ff0000', createdAt: now };
  await insertTag(tag);
  return { ...tenant, cid, supervisor, connection: created.body as ConnectionDto, list, tag };
}

/** What the editor sends for a campaign of `c` (override any field). */
export const campaignBody = (c: CampaignCompany, overrides: Record<string, unknown> = {}) => ({
  name: 'Black Friday',
  message1: 'Olá {nome}, temos ofertas!',
  contactListId: c.list.id,
  whatsappIds: [c.connection.id],
  ...overrides,
});

export const createCampaign = (token: string, body: unknown) => apiCall('campaigns', 'POST', '/campaigns', { token, body });
export const updateCampaign = (token: string, id: string, body: unknown) =>
  apiCall('campaigns', 'PUT', '/campaigns/{id}', { token, pathParameters: { id }, body });
export const showCampaign = (token: string, id: string) =>
  apiCall('campaigns', 'GET', '/campaigns/{id}', { token, pathParameters: { id } });
export const deleteCampaign = (token: string, id: string) =>
  apiCall('campaigns', 'DELETE', '/campaigns/{id}', { token, pathParameters: { id } });
export const listCampaigns = (token: string, query: Record<string, string | number | undefined> = {}) =>
  apiCall('campaigns', 'GET', '/campaigns', { token, query });

/** Creates through the API and answers the DTO (fails the test otherwise). */
export async function newCampaign(c: CampaignCompany, overrides: Record<string, unknown> = {}): Promise<CampaignDto> {
  const res = await createCampaign(c.admin.token, campaignBody(c, overrides));
  if (res.status !== 201) throw new Error(`campaign: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as CampaignDto;
}
