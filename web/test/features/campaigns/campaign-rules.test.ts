import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { CampaignListAnswer } from '@atende/shared';
import { applyCampaignChange } from '@/features/campaigns/api/campaign-cache';
import { campaignKeys } from '@/features/campaigns/api/campaign-keys';
import { campaignAllowanceUsed } from '@/features/campaigns/api/campaign-lookups';
import { campaignRowActions } from '@/features/campaigns/components/campaign-row-actions';
import { addCampaignVariable, campaignVariableTokens } from '@/features/campaigns/lib/campaign-variables';
import { fromLocalInput, toLocalInput } from '@/features/campaigns/lib/campaign-form';
import { insertAtCursor } from '@/features/campaigns/lib/insert-at-cursor';
import { reportProgressPercent } from '@/features/campaigns/lib/report-progress';
import { campaign, stats } from './support';

describe('inserting a variable at the caret', () => {
  it('puts the token at the caret, replaces a selection, and appends without a caret', () => {
    expect(insertAtCursor('Olá !', '{nome}', 4)).toEqual({ text: 'Olá {nome}!', caret: 10 });
    expect(insertAtCursor('Olá XXX!', '{nome}', 4, 7)).toEqual({ text: 'Olá {nome}!', caret: 10 });
    expect(insertAtCursor('Olá', '{nome}', undefined)).toEqual({ text: 'Olá{nome}', caret: 9 });
    expect(insertAtCursor('ab', '{x}', 99, 120)).toEqual({ text: 'ab{x}', caret: 5 });
  });
});

describe('campaign variables (spec part 3 §5, §9)', () => {
  it('ignores a key that exists, a built-in one included, and trims the new key', () => {
    const start = [{ key: 'loja', value: 'Centro' }];
    expect(addCampaignVariable(start, { key: 'loja', value: 'Outra' })).toEqual(start);
    expect(addCampaignVariable(start, { key: 'email', value: 'x' })).toEqual(start);
    expect(addCampaignVariable(start, { key: ' cupom ', value: 'NATAL' })).toEqual([
      ...start,
      { key: 'cupom', value: 'NATAL' },
    ]);
  });

  it('offers the built-in placeholders first, then the company ones, once each', () => {
    expect(
      campaignVariableTokens([
        { key: 'loja', value: '' },
        { key: 'nome', value: '' },
      ]),
    ).toEqual(['{nome}', '{numero}', '{email}', '{loja}']);
  });
});

describe('the plan allowance (spec part 2 "Campaign stats")', () => {
  it('blocks when the period count reached the allowance, never when not limited or unknown', () => {
    expect(campaignAllowanceUsed(stats(3, 3))).toBe(true);
    expect(campaignAllowanceUsed(stats(2, 3))).toBe(false);
    expect(campaignAllowanceUsed(stats(50, 3, 'doNotLimit'))).toBe(false);
    expect(campaignAllowanceUsed(undefined)).toBe(false);
  });
});

describe('row actions by status and profile', () => {
  it('follows the status for managers and shows only the report to others', () => {
    expect(campaignRowActions({ status: 'EM_ANDAMENTO' }, true)).toEqual(['stop', 'report', 'edit']);
    expect(campaignRowActions({ status: 'CANCELADA' }, true)).toEqual(['restart', 'report', 'edit', 'delete']);
    expect(campaignRowActions({ status: 'PROGRAMADA' }, true)).toEqual(['report', 'edit', 'delete']);
    expect(campaignRowActions({ status: 'EM_ANDAMENTO' }, false)).toEqual(['report']);
  });
});

describe('report progress', () => {
  it('is delivered over valid, whole, capped, and 0 with nothing to send', () => {
    expect(reportProgressPercent({ delivered: 120, validContacts: 1000 })).toBe(12);
    expect(reportProgressPercent({ delivered: 2, validContacts: 3 })).toBe(67);
    expect(reportProgressPercent({ delivered: 5, validContacts: 0 })).toBe(0);
    expect(reportProgressPercent({ delivered: 11, validContacts: 10 })).toBe(100);
  });
});

describe('the schedule input', () => {
  it('round-trips a time through the local datetime input, and reads empty as none', () => {
    const iso = new Date(2026, 11, 24, 18, 30).toISOString();
    expect(toLocalInput(iso)).toBe('2026-12-24T18:30');
    expect(fromLocalInput('2026-12-24T18:30')).toBe(iso);
    expect(fromLocalInput('')).toBeNull();
    expect(toLocalInput(null)).toBe('');
  });
});

describe('live cache patches', () => {
  const seeded = () => {
    const client = new QueryClient();
    const data: InfiniteData<CampaignListAnswer> = {
      pages: [{ records: [campaign({ id: 'a' }), campaign({ id: 'b' })], hasMore: false }],
      pageParams: [{ pageNumber: 1 }],
    };
    client.setQueryData(campaignKeys.list(''), data);
    const ids = () =>
      client
        .getQueryData<InfiniteData<CampaignListAnswer>>(campaignKeys.list(''))!
        .pages[0]!.records.map((c) => `${c.id}:${c.status}`);
    return { client, ids };
  };

  it('replaces an updated campaign in place and drops a deleted one', () => {
    const { client, ids } = seeded();
    applyCampaignChange(client, { kind: 'update', campaign: campaign({ id: 'b', status: 'EM_ANDAMENTO' }) });
    expect(ids()).toEqual(['a:INATIVA', 'b:EM_ANDAMENTO']);
    expect(client.getQueryData(campaignKeys.detail('b'))).toMatchObject({ status: 'EM_ANDAMENTO' });
    applyCampaignChange(client, { kind: 'delete', id: 'a' });
    expect(ids()).toEqual(['b:EM_ANDAMENTO']);
  });

  it('re-reads the lists for a campaign created elsewhere, and leaves them for an update of one not loaded', () => {
    const { client } = seeded();
    applyCampaignChange(client, { kind: 'update', campaign: campaign({ id: 'z' }) });
    expect(client.getQueryState(campaignKeys.list(''))!.isInvalidated).toBe(false);
    applyCampaignChange(client, { kind: 'create', campaign: campaign({ id: 'z' }) });
    expect(client.getQueryState(campaignKeys.list(''))!.isInvalidated).toBe(true);
  });
});
