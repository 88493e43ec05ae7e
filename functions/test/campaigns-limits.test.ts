/**
 * The campaigns API's company side (spec part 2 "Campaign stats" and the campaign parameters; part 3
 * "Campaign settings page", §5, §9): the allowance per day/week/month/year counted in the company's
 * own periods (boundaries in its time zone), stats, settings with defaults, the list and its search
 * paged, the one attachment, and the start following the saved time on the due index.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CAMPAIGN_SETTINGS, PAGE_SIZE, type CampaignDto } from '@atende/shared';
import { epochMinute, listDueJobs } from '../src/data/due-work';
import { CAMPAIGN_START_JOB } from '../src/domain/campaign-sending/jobs';
import { campaignPeriodKey } from '../src/domain/campaigns/campaign-periods';
import { apiCall } from './support/api-event';
import { useApiWithQueues } from './support/api-with-queues';
import {
  campaignBody,
  createCampaign,
  createCampaignCompany,
  deleteCampaign,
  listCampaigns,
  newCampaign,
  updateCampaign,
  type CampaignCompany,
} from './support/campaign-fixtures';
import { startMediaBucket } from './support/media-bucket';

useApiWithQueues();
afterEach(() => {
  vi.useRealTimers();
});

const SP = 'America/Sao_Paulo'; // UTC−3 all year (no daylight saving since 2019); the default company zone
const stats = async (c: CampaignCompany) =>
  (await apiCall('campaigns', 'GET', '/campaigns/stats', { token: c.admin.token })).body;
/** Fakes only the clock (the emulators' I/O keeps running). */
const at = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
};

describe('campaign periods in the company zone', () => {
  it('cuts days, ISO weeks, months and years at local midnight', () => {
    const before = new Date('2026-11-30T02:59:00Z'); // Sunday 29 Nov, 23:59 in São Paulo
    const after = new Date('2026-11-30T03:01:00Z'); // Monday 30 Nov, 00:01
    expect(campaignPeriodKey('day', before, SP)).toBe('D#2026-11-29');
    expect(campaignPeriodKey('day', after, SP)).toBe('D#2026-11-30');
    expect(campaignPeriodKey('week', before, SP)).toBe('W#2026-W48');
    expect(campaignPeriodKey('week', after, SP)).toBe('W#2026-W49');
    expect(campaignPeriodKey('month', new Date('2026-12-01T02:59:00Z'), SP)).toBe('M#2026-11');
    expect(campaignPeriodKey('month', new Date('2026-12-01T03:00:00Z'), SP)).toBe('M#2026-12');
    expect(campaignPeriodKey('year', new Date('2027-01-01T02:59:00Z'), SP)).toBe('Y#2026');
    expect(campaignPeriodKey('week', new Date('2027-01-01T02:59:00Z'), SP)).toBe('W#2026-W53'); // 31 Dec 2026 is a Thursday
    expect(campaignPeriodKey('week', new Date('2027-01-04T12:00:00Z'), SP)).toBe('W#2027-W01');
    expect(campaignPeriodKey('day', before, 'UTC')).toBe('D#2026-11-30');
    expect(campaignPeriodKey('doNotLimit', before, SP)).toBe('ALL');
  });
});

describe('the allowance per period', () => {
  const cases = [
    { limitBy: 'day', last: '2026-03-10T02:58:00Z', next: '2026-03-10T03:01:00Z' },
    { limitBy: 'week', last: '2026-03-16T02:58:00Z', next: '2026-03-16T03:01:00Z' }, // Sunday → Monday
    { limitBy: 'month', last: '2026-04-01T02:58:00Z', next: '2026-04-01T03:01:00Z' },
    { limitBy: 'year', last: '2026-01-01T02:58:00Z', next: '2026-01-01T03:01:00Z' },
  ];
  for (const { limitBy, last, next } of cases) {
    it(`${limitBy}: refuses past numberOfCampaigns until the company's next ${limitBy}`, async () => {
      const c = await createCampaignCompany({ limitBy, numberOfCampaigns: 2 });
      at(last);
      expect((await createCampaign(c.admin.token, campaignBody(c))).status).toBe(201);
      expect((await createCampaign(c.admin.token, campaignBody(c))).status).toBe(201);
      const refused = await createCampaign(c.admin.token, campaignBody(c));
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('ERR_CAMPAIGN_LIMIT');
      expect((await stats(c)).stats.campaigns).toBe(2);
      at(next);
      expect((await stats(c)).stats.campaigns).toBe(0);
      expect((await createCampaign(c.admin.token, campaignBody(c))).status).toBe(201);
      expect((await stats(c)).stats.campaigns).toBe(1);
    });
  }

  it('doNotLimit: creates past numberOfCampaigns and counts them all; deleting gives nothing back', async () => {
    const c = await createCampaignCompany({ limitBy: 'doNotLimit', numberOfCampaigns: 1 });
    const made = [await newCampaign(c), await newCampaign(c), await newCampaign(c)];
    expect((await stats(c)).stats.campaigns).toBe(3);
    await deleteCampaign(c.admin.token, made[0]!.id);
    expect((await stats(c)).stats.campaigns).toBe(3);
  });

  it('concurrent creations never pass the allowance', async () => {
    const c = await createCampaignCompany({ limitBy: 'month', numberOfCampaigns: 3 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => createCampaign(c.admin.token, campaignBody(c))));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
    expect(answers.filter((r) => r.body?.error === 'ERR_CAMPAIGN_LIMIT')).toHaveLength(3);
    expect((await listCampaigns(c.admin.token)).body.records).toHaveLength(3);
  });
});

describe('stats', () => {
  it("answers the company's parameters, its lists and what each still holds", async () => {
    const c = await createCampaignCompany({ limitBy: 'month', numberOfCampaigns: 4, contactsPerList: 250 });
    await newCampaign(c);
    expect(await stats(c)).toEqual({
      limitOfCampaignBy: 'month',
      numberOfCampaigns: 4,
      numberOfGroupsCampaigns: 5,
      numberOfContactsInGroupsCampaigns: 250,
      valueOfResourceCampaigns: 39.99,
      stats: { campaigns: 1, groupsCampaigns: 1, contactsInGroupsCampaigns: [{ id: c.list.id, value: 250 }] },
    });
  });
});

describe('settings', () => {
  const get = (token: string) => apiCall('campaigns', 'GET', '/campaign-settings', { token });
  const save = (token: string, settings: unknown) =>
    apiCall('campaigns', 'POST', '/campaign-settings', { token, body: { settings } });

  it('answers the defaults until saved, then what was saved, a repeated variable key ignored', async () => {
    const c = await createCampaignCompany();
    expect((await get(c.operator.token)).body).toEqual(DEFAULT_CAMPAIGN_SETTINGS);
    const saved = await save(c.supervisor.token, {
      messageInterval: 5,
      longerIntervalAfter: 10,
      greaterInterval: 30,
      variables: [
        { key: 'cupom', value: 'BF10' },
        { key: 'cupom', value: 'outro' },
        { key: 'prazo', value: 'sexta' },
      ],
    });
    expect(saved.status).toBe(200);
    const expected = {
      messageInterval: 5,
      longerIntervalAfter: 10,
      greaterInterval: 30,
      dailyCapPerConnection: DEFAULT_CAMPAIGN_SETTINGS.dailyCapPerConnection,
      variables: [
        { key: 'cupom', value: 'BF10' },
        { key: 'prazo', value: 'sexta' },
      ],
    };
    expect(saved.body).toEqual(expected);
    expect((await get(c.admin.token)).body).toEqual(expected);
  });

  it('refuses intervals the page does not offer, and users', async () => {
    const c = await createCampaignCompany();
    const bad = await save(c.admin.token, { ...DEFAULT_CAMPAIGN_SETTINGS, messageInterval: 7 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
    expect((await save(c.operator.token, DEFAULT_CAMPAIGN_SETTINGS)).status).toBe(403);
    expect((await get(c.admin.token)).body).toEqual(DEFAULT_CAMPAIGN_SETTINGS);
  });
});

describe('the list and its search', () => {
  it('pages newest first by cursor or pageNumber, and finds a campaign by a word of its name once', async () => {
    const c = await createCampaignCompany();
    const made: CampaignDto[] = [];
    for (let i = 0; i < PAGE_SIZE + 3; i++)
      made.push(await newCampaign(c, { name: i % 2 ? `Promo ${i}` : `Natal ${i} promoção` }));
    const newestFirst = made.map((m) => m.id).reverse();
    const first = await listCampaigns(c.operator.token);
    expect(first.body.records.map((r: CampaignDto) => r.id)).toEqual(newestFirst.slice(0, PAGE_SIZE));
    expect(first.body.hasMore).toBe(true);
    const second = await listCampaigns(c.operator.token, { cursor: first.body.cursor });
    expect(second.body.records.map((r: CampaignDto) => r.id)).toEqual(newestFirst.slice(PAGE_SIZE));
    const byNumber = await listCampaigns(c.operator.token, { pageNumber: 2 });
    expect(byNumber.body.records.map((r: CampaignDto) => r.id)).toEqual(newestFirst.slice(PAGE_SIZE));

    const promo = await listCampaigns(c.operator.token, { searchParam: 'promo' });
    const more = await listCampaigns(c.operator.token, { searchParam: 'promo', cursor: promo.body.cursor });
    const found = [...promo.body.records, ...(promo.body.hasMore ? more.body.records : [])].map((r: CampaignDto) => r.id);
    expect(found.sort()).toEqual(made.map((m) => m.id).sort()); // "Natal N promoção" has two words from "promo": listed once
    const natal = await listCampaigns(c.operator.token, { searchParam: 'NATAL promocao' });
    expect(natal.body.records).toHaveLength(Math.ceil((PAGE_SIZE + 3) / 2));

    const renamed = made[0]!;
    await updateCampaign(c.admin.token, renamed.id, campaignBody(c, { name: 'Páscoa' }));
    const pascoa = await listCampaigns(c.operator.token, { searchParam: 'pascoa' });
    expect(pascoa.body.records.map((r: CampaignDto) => r.id)).toEqual([renamed.id]);
    const old = await listCampaigns(c.operator.token, { searchParam: 'natal 0' });
    expect(old.body.records.map((r: CampaignDto) => r.id)).not.toContain(renamed.id);
  });

  it("refuses another company's cursor", async () => {
    const a = await createCampaignCompany();
    const b = await createCampaignCompany();
    for (let i = 0; i < PAGE_SIZE + 1; i++) await newCampaign(a);
    const page = await listCampaigns(a.admin.token);
    const res = await listCampaigns(b.admin.token, { cursor: page.body.cursor });
    expect(res.status).toBe(400);
  });
});

describe('the start follows the saved time', () => {
  const startsAt = async (iso: string) =>
    (await listDueJobs(epochMinute(iso))).filter((j) => j.jobType === CAMPAIGN_START_JOB).map((j) => j.jobId);

  it('schedules on PROGRAMADA, moves with a new time, goes with INATIVA and with a delete', async () => {
    const c = await createCampaignCompany();
    const t1 = new Date(Date.now() + 3 * 3_600_000).toISOString();
    const t2 = new Date(Date.now() + 5 * 3_600_000).toISOString();
    const campaign = await newCampaign(c, { scheduledAt: t1 });
    expect(await startsAt(t1)).toContain(campaign.id);
    await updateCampaign(c.admin.token, campaign.id, campaignBody(c, { scheduledAt: t2 }));
    expect(await startsAt(t1)).not.toContain(campaign.id);
    expect(await startsAt(t2)).toContain(campaign.id);
    await updateCampaign(c.admin.token, campaign.id, campaignBody(c, { scheduledAt: null }));
    expect(await startsAt(t2)).not.toContain(campaign.id);
    await updateCampaign(c.admin.token, campaign.id, campaignBody(c, { scheduledAt: t1 }));
    await deleteCampaign(c.admin.token, campaign.id);
    expect(await startsAt(t1)).not.toContain(campaign.id);
  });
});

describe('the attachment', () => {
  it('uploads through a presigned PUT, attaches one file (a second replaces it) and takes it off', async () => {
    const s3 = await startMediaBucket();
    try {
      const c = await createCampaignCompany();
      const campaign = await newCampaign(c);
      const upload = (body: unknown) =>
        apiCall('campaigns', 'POST', '/campaigns/{id}/media-upload', {
          token: c.admin.token,
          pathParameters: { id: campaign.id },
          body,
        });
      const attach = async (name: string) => {
        const bytes = Buffer.from(`%PDF-1.4 ${name}`);
        const file = { fileName: name, mimetype: 'application/pdf', size: bytes.length };
        const asked = await upload({ file });
        expect(asked.status).toBe(200);
        const put = await fetch(asked.body.upload.url, { method: 'PUT', headers: asked.body.upload.headers, body: bytes });
        expect(put.status).toBe(200);
        const confirmed = await upload({ file, key: asked.body.upload.key });
        expect(confirmed.status).toBe(200);
        return confirmed.body.record as CampaignDto;
      };
      expect(await attach('tabela.pdf')).toMatchObject({ mediaName: 'tabela.pdf' });
      const second = await attach('catalogo.pdf');
      expect(second.mediaName).toBe('catalogo.pdf');
      expect(second.mediaPath).toContain(`/media/campaigns/${campaign.id}/`);
      const forged = await upload({
        file: { fileName: 'x.pdf', mimetype: 'application/pdf', size: 10 },
        key: `C#${c.cid}/media/schedules/x/x.pdf`,
      });
      expect(forged.status).toBe(400);
      const removed = await apiCall('campaigns', 'DELETE', '/campaigns/{id}/media-upload', {
        token: c.admin.token,
        pathParameters: { id: campaign.id },
      });
      expect(removed.body).toMatchObject({ mediaName: null, mediaPath: null });
    } finally {
      await s3.stop();
    }
  });
});
