/**
 * "Restart service" (`host.restart`): a fleet host hands it to the fleet (every host restarts once,
 * fleet-member.test.ts), a shard host restarts its own sessions.
 */
import { HOST_COMMAND_CONNECTION_ID, type OutboundCommand } from '@atende/shared';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../src/logger';
import { SessionManager, type SessionManagerDeps } from '../src/session-manager';
import type { SessionRegistry } from '../src/session-types';

const restart: OutboundCommand = {
  type: 'host.restart',
  commandId: 'cmd-restart-9',
  companyId: 'co-1',
  connectionId: HOST_COMMAND_CONNECTION_ID,
  issuedAt: new Date().toISOString(),
};

const manager = (registry: SessionRegistry) =>
  new SessionManager({
    registry,
    authStore: {} as SessionManagerDeps['authStore'],
    media: {} as SessionManagerDeps['media'],
    sink: { publish: async () => undefined },
    createAdapter: () => {
      throw new Error('no session is opened here');
    },
    adapters: ['simulator'],
    defaultAdapter: 'simulator',
    reconnect: { initialMs: 1, maxMs: 1 },
    log: createLogger('silent'),
  });

const registry = (): SessionRegistry => ({
  register: vi.fn(async () => undefined),
  unregister: vi.fn(async () => undefined),
  list: vi.fn(async () => []),
});

describe('host.restart', () => {
  it('on a fleet host asks the whole fleet, once, instead of restarting only this host', async () => {
    const fleet = { ...registry(), restartFleet: vi.fn(async () => undefined) };

    await manager(fleet).execute(restart);

    expect(fleet.restartFleet).toHaveBeenCalledExactlyOnceWith('cmd-restart-9');
    expect(fleet.list).not.toHaveBeenCalled();
  });

  it('on a shard host restarts its own sessions (and starts the registered ones not running)', async () => {
    const shard = registry();

    await manager(shard).execute(restart);

    expect(shard.list).toHaveBeenCalledOnce();
  });
});
