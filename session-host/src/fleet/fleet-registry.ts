/**
 * The fleet seen from the rest of the host: the session manager's registry (what this host runs is
 * what it holds leases on) and the outbound consumer's placement (which commands it executes).
 */
import { leaseOwnerId } from '@atende/functions/shared-surface';
import { HOST_COMMAND_CONNECTION_ID, type AdapterKind, type OutboundCommand } from '@atende/shared';
import type { CommandPlacement } from '../queues/outbound-consumer';
import type { SessionRegistry } from '../session-types';
import type { FleetMember } from './fleet-member';

/** Session commands may name a connection nobody holds yet: the host that receives one claims it. */
const CLAIMING_COMMANDS = new Set<OutboundCommand['type']>([
  'session.start',
  'session.newQr',
  'session.logout',
  'session.stop',
]);

export class FleetRegistry implements SessionRegistry, CommandPlacement {
  constructor(
    private readonly fleet: FleetMember,
    private readonly defaultAdapter: AdapterKind,
  ) {}

  /** The lease taken when the command was accepted is the registration. */
  async register(session: { companyId: string; connectionId: string }): Promise<void> {
    if (!this.fleet.owns(session.connectionId))
      throw new Error(`connection ${session.connectionId} is not held by this host`);
  }

  /** Stopped for good (logout, stop, QR never scanned): no host is to run it until it is started again. */
  async unregister(_companyId: string, connectionId: string): Promise<void> {
    await this.fleet.forget(connectionId);
  }

  async list(): Promise<{ companyId: string; connectionId: string; adapter: AdapterKind }[]> {
    return this.fleet.held.map(({ companyId, connectionId, adapter }) => ({ companyId, connectionId, adapter }));
  }

  authOwner(connectionId: string): string | undefined {
    const lease = this.fleet.leaseOf(connectionId);
    return lease ? leaseOwnerId(lease) : undefined;
  }

  owns(connectionId: string): boolean {
    return this.fleet.owns(connectionId);
  }

  /** The hosts of this host's lane read its queue (every host without lanes). */
  queueReaders(): number {
    return this.fleet.laneHosts;
  }

  /** "Restart service": the host that receives `host.restart` asks every host (fleet-member.ts), itself included. */
  restartFleet(commandId: string): Promise<void> {
    return this.fleet.requestRestart(commandId);
  }

  /** `host.restart` is taken by whichever host receives it, which fans it out (`restartFleet`). */
  async accept(command: OutboundCommand): Promise<boolean> {
    if (command.connectionId === HOST_COMMAND_CONNECTION_ID) return true;
    if (this.fleet.owns(command.connectionId)) return true;
    if (!CLAIMING_COMMANDS.has(command.type)) return false;
    const adapter = command.type === 'session.start' ? command.adapter : this.defaultAdapter;
    return Boolean(await this.fleet.claimFor(command, adapter));
  }
}
