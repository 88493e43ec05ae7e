/**
 * The campaigns API (spec part 3 §4, §5, §7 "Campaigns"; issue 27 item 3): CRUD with the statuses a
 * save sets, the editing rule, delete refused while sending, cancel and restart through the sending
 * engine, who may do what, campaignsEnabled, the target's ownership and tenant isolation.
 */
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_EDIT_LEAD_MS, type CampaignDto } from '@atende/shared';
import { getCampaign, setCampaignStatus } from '../src/data/campaigns';
import { getTaggedBackfill } from '../src/data/tagged-tickets';
import { apiCall } from './support/api-event';
import { useApiWithQueues } from './support/api-with-queues';
import {
  campaignBody,
  createCampaign,
  createCampaignCompany,
  deleteCampaign,
  newCampaign,
  showCampaign,
  updateCampaign,
} from './support/campaign-fixtures';

const env = useApiWithQueues();

const inMinutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
const post = (token: string, path: '/campaigns/{id}/cancel' | '/campaigns/{id}/restart', id: string) =>
  apiCall('campaigns', 'POST', path, { token, pathParameters: { id } });

describe('saving', () => {
  it('creates INATIVA without a time and PROGRAMADA with one, with the names the list shows', async () => {
    const c = await createCampaignCompany();
    const idle = await newCampaign(c);
    expect(idle).toMatchObject({
      status: 'INATIVA',
      name: 'Black Friday',
      message1: 'Olá {nome}, temos ofertas!',
      message2: '',
      contactList: { id: c.list.id, name: 'CLIENTES VIP' },
      whatsapp: [{ id: c.connection.id, name: c.connection.name }],
      scheduledAt: null,
      completedAt: null,
      mediaPath: null,
    });
    const at = inMinutes(180);
    const scheduled = await newCampaign(c, { scheduledAt: at, confirmation: true, confirmationMessage1: 'Posso enviar?' });
    expect(scheduled).toMatchObject({ status: 'PROGRAMADA', scheduledAt: at, confirmation: true });
    expect((await showCampaign(c.operator.token, scheduled.id)).body).toEqual(scheduled);
  });

  it('refuses confirmation on without a confirmation message (it would send without asking)', async () => {
    const c = await createCampaignCompany();
    const res = await createCampaign(c.admin.token, campaignBody(c, { confirmation: true }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: { confirmationMessage1: 'validation.campaign.confirmationMessageRequired' },
    });
  });

  it('a save without the time makes a PROGRAMADA campaign INATIVA again, and with one PROGRAMADA', async () => {
    const c = await createCampaignCompany();
    const created = await newCampaign(c, { scheduledAt: inMinutes(180) });
    const idle = await updateCampaign(c.admin.token, created.id, campaignBody(c, { name: 'Natal', scheduledAt: null }));
    expect(idle.status).toBe(200);
    expect(idle.body).toMatchObject({ status: 'INATIVA', name: 'Natal', scheduledAt: null });
    const again = await updateCampaign(c.admin.token, created.id, campaignBody(c, { scheduledAt: inMinutes(240) }));
    expect(again.body.status).toBe('PROGRAMADA');
  });

  it('refuses a scheduled time already past', async () => {
    const c = await createCampaignCompany();
    const res = await createCampaign(c.admin.token, campaignBody(c, { scheduledAt: inMinutes(-10) }));
    expect(res.status).toBe(400);
    expect(res.body.fields.scheduledAt).toBe('validation.campaign.scheduledAtInvalid');
  });

  it('takes a tag as the target instead of a list', async () => {
    const c = await createCampaignCompany();
    expect(await getTaggedBackfill(c.company.id)).toBeUndefined();
    const byTag = await newCampaign(c, { contactListId: null, tagListId: c.tag.id });
    expect(byTag).toMatchObject({ tagListId: c.tag.id, contactListId: null, contactList: null });
    // the first tag campaign starts the company's tagged-ticket backfill (tagged-backfill.ts)
    expect(await getTaggedBackfill(c.company.id)).toMatchObject({ run: 0, done: false });
  });
});

describe('the editing rule (spec §4)', () => {
  it('edits INATIVA and PROGRAMADA more than an hour ahead; refuses PROGRAMADA within the hour', async () => {
    const c = await createCampaignCompany();
    const idle = await newCampaign(c);
    expect((await updateCampaign(c.admin.token, idle.id, campaignBody(c, { message2: 'outra' }))).status).toBe(200);
    const later = await newCampaign(c, {
      scheduledAt: new Date(Date.now() + CAMPAIGN_EDIT_LEAD_MS + 5 * 60_000).toISOString(),
    });
    expect((await updateCampaign(c.admin.token, later.id, campaignBody(c, { message2: 'outra' }))).status).toBe(200);
    const soon = await newCampaign(c, { scheduledAt: inMinutes(30) });
    const refused = await updateCampaign(c.admin.token, soon.id, campaignBody(c, { message2: 'outra' }));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('ERR_CAMPAIGN_NOT_EDITABLE');
    expect((await getCampaign(c.cid, soon.id))?.message2).toBe('');
  });

  it('refuses EM_ANDAMENTO and FINALIZADA; CANCELADA saves its messages but keeps target and connections', async () => {
    const c = await createCampaignCompany();
    const running = await newCampaign(c);
    await setCampaignStatus(c.cid, running.id, { from: ['INATIVA'], to: 'EM_ANDAMENTO' });
    const refused = await updateCampaign(c.admin.token, running.id, campaignBody(c, { message2: 'outra' }));
    expect(refused.body.error).toBe('ERR_CAMPAIGN_NOT_EDITABLE');

    await setCampaignStatus(c.cid, running.id, { from: ['EM_ANDAMENTO'], to: 'CANCELADA' });
    const saved = await updateCampaign(c.admin.token, running.id, campaignBody(c, { message2: 'nova mensagem' }));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ status: 'CANCELADA', message2: 'nova mensagem' });
    const retarget = await updateCampaign(
      c.admin.token,
      running.id,
      campaignBody(c, { contactListId: null, tagListId: c.tag.id }),
    );
    expect(retarget.body.error).toBe('ERR_CAMPAIGN_NOT_EDITABLE');

    await setCampaignStatus(c.cid, running.id, {
      from: ['CANCELADA'],
      to: 'FINALIZADA',
      completedAt: new Date().toISOString(),
    });
    expect((await updateCampaign(c.admin.token, running.id, campaignBody(c))).body.error).toBe('ERR_CAMPAIGN_NOT_EDITABLE');
  });
});

describe('delete, cancel, restart', () => {
  it('refuses to delete while sending; cancel first, then delete', async () => {
    const c = await createCampaignCompany();
    const campaign = await newCampaign(c);
    await setCampaignStatus(c.cid, campaign.id, { from: ['INATIVA'], to: 'EM_ANDAMENTO' });
    const refused = await deleteCampaign(c.admin.token, campaign.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('ERR_CAMPAIGN_RUNNING');
    const cancelled = await post(c.admin.token, '/campaigns/{id}/cancel', campaign.id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('CANCELADA');
    expect((await deleteCampaign(c.admin.token, campaign.id)).status).toBe(204);
    expect((await showCampaign(c.admin.token, campaign.id)).status).toBe(404);
  });

  it('cancels only EM_ANDAMENTO and restarts only CANCELADA', async () => {
    const c = await createCampaignCompany();
    const campaign = await newCampaign(c);
    expect((await post(c.admin.token, '/campaigns/{id}/cancel', campaign.id)).body.error).toBe('ERR_CAMPAIGN_STATUS');
    expect((await post(c.admin.token, '/campaigns/{id}/restart', campaign.id)).body.error).toBe('ERR_CAMPAIGN_STATUS');
    expect((await getCampaign(c.cid, campaign.id))?.status).toBe('INATIVA');
  });

  it('deletes INATIVA and PROGRAMADA campaigns, and tells the consoles', async () => {
    const c = await createCampaignCompany();
    await env.queues.take('realtime');
    const campaign = await newCampaign(c, { scheduledAt: inMinutes(300) });
    expect((await deleteCampaign(c.admin.token, campaign.id)).status).toBe(204);
    const events = (await env.queues.take('realtime')).map((m) => m.body).filter((e) => e.kind === 'campaign');
    expect(events.map((e) => [e.data.action, e.audience.kind])).toEqual([
      ['create', 'company'],
      ['delete', 'company'],
    ]);
  });
});

describe('the report', () => {
  it('answers the campaign and zero figures before it starts, to any user of the company', async () => {
    const c = await createCampaignCompany();
    const campaign = await newCampaign(c);
    const res = await apiCall('campaigns', 'GET', '/campaigns/{id}/report', {
      token: c.operator.token,
      pathParameters: { id: campaign.id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      campaign,
      validContacts: 0,
      planned: 0,
      delivered: 0,
      confirmationRequested: 0,
      confirmed: 0,
      failed: 0,
    });
  });
});

describe('who may', () => {
  it('admins and supervisors write; users read only', async () => {
    const c = await createCampaignCompany();
    const bySupervisor = await createCampaign(c.supervisor.token, campaignBody(c));
    expect(bySupervisor.status).toBe(201);
    const byUser = await createCampaign(c.operator.token, campaignBody(c));
    expect(byUser.status).toBe(403);
    expect(byUser.body.error).toBe('ERR_NO_PERMISSION');
    const id = (bySupervisor.body as CampaignDto).id;
    expect((await updateCampaign(c.operator.token, id, campaignBody(c))).status).toBe(403);
    expect((await deleteCampaign(c.operator.token, id)).status).toBe(403);
    expect((await showCampaign(c.operator.token, id)).status).toBe(200);
  });

  it('nothing at all while the company has campaignsEnabled off', async () => {
    const c = await createCampaignCompany({ enabled: false });
    for (const res of [
      await createCampaign(c.admin.token, campaignBody(c)),
      await apiCall('campaigns', 'GET', '/campaigns', { token: c.admin.token }),
      await apiCall('campaigns', 'GET', '/campaigns/stats', { token: c.admin.token }),
      await apiCall('campaigns', 'GET', '/campaign-settings', { token: c.admin.token }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('ERR_FEATURE_UNAVAILABLE');
    }
  });
});

describe('tenant isolation', () => {
  it("company B reaches none of A's campaign routes, and cannot target A's list, tag or connections", async () => {
    const a = await createCampaignCompany();
    const b = await createCampaignCompany();
    const campaign = await newCampaign(a, { scheduledAt: inMinutes(300) });
    const pathParameters = { id: campaign.id };
    const token = b.admin.token;
    const answers = [
      await apiCall('campaigns', 'GET', '/campaigns/{id}', { token, pathParameters }),
      await apiCall('campaigns', 'PUT', '/campaigns/{id}', { token, pathParameters, body: campaignBody(b) }),
      await apiCall('campaigns', 'DELETE', '/campaigns/{id}', { token, pathParameters }),
      await apiCall('campaigns', 'POST', '/campaigns/{id}/cancel', { token, pathParameters }),
      await apiCall('campaigns', 'POST', '/campaigns/{id}/restart', { token, pathParameters }),
      await apiCall('campaigns', 'POST', '/campaigns/{id}/media-upload', {
        token,
        pathParameters,
        body: { file: { fileName: 'a.pdf', mimetype: 'application/pdf', size: 10 } },
      }),
      await apiCall('campaigns', 'DELETE', '/campaigns/{id}/media-upload', { token, pathParameters }),
      await apiCall('campaigns', 'GET', '/campaigns/{id}/report', { token, pathParameters }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain(campaign.name);
    }
    expect(await getCampaign(a.cid, campaign.id)).toMatchObject({ status: 'PROGRAMADA', name: campaign.name });
    const listed = await apiCall('campaigns', 'GET', '/campaigns', { token });
    expect(listed.body.records).toEqual([]);

    const foreign = [
      campaignBody(b, { contactListId: a.list.id }),
      campaignBody(b, { contactListId: null, tagListId: a.tag.id }),
      campaignBody(b, { whatsappIds: [a.connection.id] }),
    ];
    for (const body of foreign) {
      const res = await createCampaign(token, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
    }
  });
});
