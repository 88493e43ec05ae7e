/**
 * The campaigns contract (shared/src/schemas/campaigns.ts and campaign-rules.ts): the editor's schema,
 * the editing rule of spec part 3 §4, the placeholders of §9, the settings (§9 defaults, §5 duplicate
 * variables) and the policy of who manages campaigns.
 */
import { describe, expect, it } from 'vitest';
import { mayManageCampaigns, type Viewer } from '../src/policy';
import { CAMPAIGN_MSG, campaignSchema, campaignSettingsBodySchema, campaignSettingsSchema } from '../src/schemas/campaigns';
import {
  CAMPAIGN_EDIT_LEAD_MS,
  campaignMessages,
  DEFAULT_CAMPAIGN_SETTINGS,
  fillCampaignVariables,
  isCampaignEditable,
  withoutDuplicateVariables,
} from '../src/schemas/campaign-rules';

const base = { name: 'Black Friday', message1: 'Oi {nome}', contactListId: 'L1', whatsappIds: ['W1'] };
const fieldsOf = (input: unknown) => {
  const r = campaignSchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('campaignSchema', () => {
  it('accepts a campaign with one message, a list and a connection; confirmation defaults to off', () => {
    const r = campaignSchema.safeParse(base);
    expect(r.success).toBe(true);
    expect(r.data?.confirmation).toBe(false);
  });

  it('wants exactly one target: a list or a tag, not both, not none', () => {
    expect(fieldsOf({ ...base, contactListId: null })).toMatchObject({ contactListId: CAMPAIGN_MSG.targetRequired });
    expect(fieldsOf({ ...base, tagListId: 'T1' })).toMatchObject({ contactListId: CAMPAIGN_MSG.targetRequired });
    expect(campaignSchema.safeParse({ ...base, contactListId: null, tagListId: 'T1' }).success).toBe(true);
  });

  it('wants at least one connection and one filled message (blank slots do not count)', () => {
    expect(fieldsOf({ ...base, whatsappIds: [] })).toMatchObject({ whatsappIds: CAMPAIGN_MSG.connectionRequired });
    expect(fieldsOf({ ...base, message1: '   ' })).toMatchObject({ message1: CAMPAIGN_MSG.messageRequired });
    expect(campaignSchema.safeParse({ ...base, message1: '', message4: 'só a quarta' }).success).toBe(true);
  });

  it('wants a confirmation message when confirmation is on (blank slots do not count)', () => {
    expect(fieldsOf({ ...base, confirmation: true })).toMatchObject({
      confirmationMessage1: CAMPAIGN_MSG.confirmationMessageRequired,
    });
    expect(fieldsOf({ ...base, confirmation: true, confirmationMessage1: '  ' })).toHaveProperty('confirmationMessage1');
    expect(campaignSchema.safeParse({ ...base, confirmation: true, confirmationMessage3: 'Posso enviar?' }).success).toBe(
      true,
    );
    // Off: the confirmation slots are not asked for.
    expect(campaignSchema.safeParse({ ...base, confirmation: false }).success).toBe(true);
  });

  it('takes a scheduled time with an offset only, and a name of 2 to 50 characters', () => {
    expect(campaignSchema.safeParse({ ...base, scheduledAt: '2030-01-01T10:00:00-03:00' }).success).toBe(true);
    expect(fieldsOf({ ...base, scheduledAt: 'amanhã' })).toMatchObject({ scheduledAt: CAMPAIGN_MSG.scheduledAtInvalid });
    expect(fieldsOf({ ...base, name: 'A' })).toHaveProperty('name');
    expect(fieldsOf({ ...base, name: 'A'.repeat(51) })).toHaveProperty('name');
  });

  it('lists the filled messages in slot order', () => {
    expect(campaignMessages({ message1: '', message2: 'b', message3: ' ', message5: 'e' })).toEqual(['b', 'e']);
  });
});

describe('isCampaignEditable (spec §4)', () => {
  const now = Date.parse('2030-01-01T12:00:00Z');
  const at = (ms: number) => new Date(now + ms).toISOString();

  it('INATIVA and CANCELADA are editable', () => {
    expect(isCampaignEditable({ status: 'INATIVA', scheduledAt: null }, now)).toBe(true);
    expect(isCampaignEditable({ status: 'CANCELADA', scheduledAt: at(-60_000) }, now)).toBe(true);
  });

  it('PROGRAMADA only while more than an hour ahead', () => {
    expect(isCampaignEditable({ status: 'PROGRAMADA', scheduledAt: at(CAMPAIGN_EDIT_LEAD_MS + 1) }, now)).toBe(true);
    expect(isCampaignEditable({ status: 'PROGRAMADA', scheduledAt: at(CAMPAIGN_EDIT_LEAD_MS) }, now)).toBe(false);
    expect(isCampaignEditable({ status: 'PROGRAMADA', scheduledAt: at(30 * 60_000) }, now)).toBe(false);
  });

  it('EM_ANDAMENTO and FINALIZADA are not', () => {
    expect(isCampaignEditable({ status: 'EM_ANDAMENTO', scheduledAt: at(-1) }, now)).toBe(false);
    expect(isCampaignEditable({ status: 'FINALIZADA', scheduledAt: null }, now)).toBe(false);
  });
});

describe('fillCampaignVariables (spec §9)', () => {
  const contact = { name: 'Ana', number: '5511999998888', email: 'ana@x.com' };

  it('fills {nome}, {numero}, {email} and custom variables; unknown placeholders stay', () => {
    const text = 'Olá {nome} ({numero}, {email}), use {cupom} até {prazo}.';
    expect(fillCampaignVariables(text, contact, [{ key: 'cupom', value: 'BF10' }])).toBe(
      'Olá Ana (5511999998888, ana@x.com), use BF10 até {prazo}.',
    );
  });

  it('a custom variable never overrides the contact fields, and the first of a key wins', () => {
    const vars = [
      { key: 'nome', value: 'X' },
      { key: 'cupom', value: 'A' },
      { key: 'cupom', value: 'B' },
    ];
    expect(fillCampaignVariables('{nome} {cupom}', contact, vars)).toBe('Ana A');
  });

  it('a contact without e-mail leaves {email} empty', () => {
    expect(fillCampaignVariables('[{email}]', { name: 'Bia', number: '1' })).toBe('[]');
  });
});

describe('campaign settings', () => {
  it('defaults to the spec §9 values', () => {
    expect(DEFAULT_CAMPAIGN_SETTINGS).toMatchObject({
      messageInterval: 20,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      variables: [],
    });
  });

  it('accepts only the offered intervals and keys of letters, digits and _', () => {
    const ok = {
      messageInterval: 5,
      longerIntervalAfter: 10,
      greaterInterval: 30,
      variables: [{ key: 'cupom_1', value: 'x' }],
    };
    expect(campaignSettingsSchema.safeParse(ok).success).toBe(true);
    expect(campaignSettingsSchema.safeParse({ ...ok, messageInterval: 7 }).success).toBe(false);
    expect(campaignSettingsSchema.safeParse({ ...ok, greaterInterval: 10 }).success).toBe(false);
    expect(campaignSettingsSchema.safeParse({ ...ok, variables: [{ key: 'com espaço', value: 'x' }] }).success).toBe(false);
    expect(campaignSettingsBodySchema.safeParse({ settings: ok }).success).toBe(true);
  });

  it('drops a variable whose key came earlier (spec §5)', () => {
    const vars = [
      { key: 'cupom', value: 'A' },
      { key: 'prazo', value: 'sexta' },
      { key: 'cupom', value: 'B' },
    ];
    expect(withoutDuplicateVariables(vars)).toEqual([
      { key: 'cupom', value: 'A' },
      { key: 'prazo', value: 'sexta' },
    ]);
  });
});

describe('mayManageCampaigns', () => {
  const viewer = (profile: string): Viewer => ({
    userId: 'u',
    companyId: 'c',
    profile: profile as Viewer['profile'],
    super: false,
  });

  it('admins and supervisors of a company with campaigns on; never users; nobody when off', () => {
    expect(mayManageCampaigns(viewer('admin'), { campaignsEnabled: true })).toBe(true);
    expect(mayManageCampaigns(viewer('supervisor'), { campaignsEnabled: true })).toBe(true);
    expect(mayManageCampaigns(viewer('user'), { campaignsEnabled: true })).toBe(false);
    expect(mayManageCampaigns(viewer('admin'), { campaignsEnabled: false })).toBe(false);
  });
});
