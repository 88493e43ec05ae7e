import { describe, expect, it } from 'vitest';
import {
  channelAvailability,
  maySeeQueue,
  maySeeTicket,
  mayManageConnections,
  mayReadConnectionToken,
  policySettings,
  signatureForced,
  type Viewer,
} from '../src/policy';

const operator: Viewer = { userId: 'u1', companyId: 'c1', profile: 'user', super: false, queueIds: ['q1'] };
const admin: Viewer = { ...operator, userId: 'a1', profile: 'admin', queueIds: [] };

describe('ticket visibility', () => {
  it('lets operators see their own queues only', () => {
    expect(maySeeQueue(operator, 'q1', {})).toBe(true);
    expect(maySeeQueue(operator, 'q2', {})).toBe(false);
    expect(maySeeQueue(admin, 'q2', {})).toBe(true);
  });

  it('shows queue-less tickets to operators only when userViewTicketsWithoutDepartment is enabled', () => {
    expect(maySeeQueue(operator, null, {})).toBe(false);
    expect(
      maySeeQueue(operator, null, policySettings([{ key: 'userViewTicketsWithoutDepartment', value: 'enabled' }])),
    ).toBe(true);
  });

  it('always shows a ticket to the user it is assigned to', () => {
    expect(maySeeTicket(operator, { queueId: 'q9', userId: 'u1' }, {})).toBe(true);
    expect(maySeeTicket(operator, { queueId: 'q9', userId: 'u2' }, {})).toBe(false);
  });
});

describe('connections and signature', () => {
  it('lets operators manage connections only with addAlterConnection, and never read the token', () => {
    const on = policySettings([
      { key: 'addAlterConnection', value: 'enabled' },
      { key: 'useApi', value: 'true' },
    ]);
    expect(mayManageConnections(operator, {})).toBe(false);
    expect(mayManageConnections(operator, on)).toBe(true);
    expect(mayReadConnectionToken(operator, on)).toBe(false);
    expect(mayReadConnectionToken(admin, on)).toBe(true);
    expect(mayReadConnectionToken(admin, {})).toBe(false);
  });

  it('forces the signature for operators only', () => {
    const forced = policySettings([{ key: 'userAlwaysSubmitSignature', value: 'enabled' }]);
    expect(signatureForced(operator, forced)).toBe(true);
    expect(signatureForced(admin, forced)).toBe(false);
  });
});

describe('channel availability', () => {
  it('allows WhatsApp always, refuses Telegram as in development, and Meta channels by toggle', () => {
    expect(channelAvailability('whatsapp', {})).toBe('available');
    expect(channelAvailability('telegram', { useFacebook: true })).toBe('inDevelopment');
    expect(channelAvailability('facebook', {})).toBe('facebookDisabled');
    expect(channelAvailability('instagram', { useFacebook: true })).toBe('instagramDisabled');
    expect(channelAvailability('facebook', { useFacebook: true })).toBe('notYetAvailable');
  });
});
