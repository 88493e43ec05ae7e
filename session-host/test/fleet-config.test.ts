import { describe, expect, it } from 'vitest';
import { FLEET_DEFAULTS, loadConfig } from '../src/config';

const base = {
  QUEUE_URL_OUTBOUND_0: 'http://sqs/outbound-0.fifo',
  QUEUE_URL_INBOUND: 'http://sqs/inbound.fifo',
  MEDIA_BUCKET: 'media',
};

describe('fleet configuration', () => {
  it('is off unless SESSION_FLEET=true, and then takes the documented defaults', () => {
    expect(loadConfig(base).fleet).toBeUndefined();
    expect(loadConfig({ ...base, SESSION_FLEET: 'true' }).fleet).toEqual({
      ...FLEET_DEFAULTS,
      lanes: 1,
      laneQueueUrls: [base.QUEUE_URL_OUTBOUND_0],
    });
    expect(FLEET_DEFAULTS).toEqual({ cap: 200, ttlMs: 20_000, renewMs: 5_000 });
  });

  it('reads the cap and the lease timing, and refuses a renewal too slow for the lease', () => {
    const fleet = loadConfig({
      ...base,
      SESSION_FLEET: 'true',
      HOST_CAP: '120',
      FLEET_LEASE_TTL_MS: '9000',
      FLEET_RENEW_MS: '3000',
    }).fleet;
    expect(fleet).toMatchObject({ cap: 120, ttlMs: 9_000, renewMs: 3_000 });
    expect(() => loadConfig({ ...base, SESSION_FLEET: 'true', FLEET_RENEW_MS: '8000' })).toThrow(/a third/);
  });

  it('keeps every fleet host on shard 0’s queue', () => {
    expect(() =>
      loadConfig({ ...base, SESSION_FLEET: 'true', SHARD: '1', QUEUE_URL_OUTBOUND_1: 'http://sqs/outbound-1.fifo' }),
    ).toThrow(/shard 0/);
  });

  it('reads the command lanes: one queue URL per lane, refusing a lane without one', () => {
    const lanes = {
      ...base,
      SESSION_FLEET: 'true',
      SESSION_LANES: '3',
      QUEUE_URL_OUTBOUND_1: 'http://sqs/outbound-1.fifo',
      QUEUE_URL_OUTBOUND_2: 'http://sqs/outbound-2.fifo',
    };
    expect(loadConfig(lanes).fleet).toMatchObject({
      lanes: 3,
      laneQueueUrls: ['http://sqs/outbound-0.fifo', 'http://sqs/outbound-1.fifo', 'http://sqs/outbound-2.fifo'],
    });
    expect(() => loadConfig({ ...lanes, QUEUE_URL_OUTBOUND_2: '' })).toThrow(/QUEUE_URL_OUTBOUND_2/);
    expect(() => loadConfig({ ...lanes, SESSION_LANES: '0' })).toThrow(/SESSION_LANES/);
  });

  it('caps inbound downloads per host (8 unless MAX_HOST_MEDIA_DOWNLOADS says otherwise)', () => {
    expect(loadConfig(base).maxHostDownloads).toBe(8);
    expect(loadConfig({ ...base, MAX_HOST_MEDIA_DOWNLOADS: '3' }).maxHostDownloads).toBe(3);
  });
});
