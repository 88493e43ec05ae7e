/**
 * Holds one adapter per connection this host runs (its shard's, or the fleet's leases), runs the
 * session commands on them and follows their lifecycle: status changes (OPENING → qrcode/PAIRING →
 * CONNECTED, DISCONNECTED on a drop), QR codes, message/ack/contact events. Reconnects dropped sockets
 * (sessions/reconnect-policy.ts); a logged-out device or an unscanned QR waits for a person instead.
 * Publishing is sessions/session-publisher.ts, readiness sessions/session-readiness.ts, and the
 * commands on a running connection's chats sessions/message-commands.ts.
 *
 * What a killed host leaves behind is in docs/decisions.md ("Session host"): a graceful stop
 * publishes DISCONNECTED for every session; a hard kill publishes nothing, and the shard's heartbeat
 * item goes stale instead.
 */
import { EventEmitter } from 'node:events';
import type { AdapterKind, ConnectionStatus, OutboundCommand, SendFailureReason } from '@atende/shared';
import type { AdapterEvent, ChannelEventBody, LifecycleEvent } from './adapters/channel-adapter';
import { AckCoalescer } from './queues/ack-coalescer';
import { statusEventId } from './queues/event-ids';
import { runMessageCommand, runNumbersCheck, type MessageCommand } from './sessions/message-commands';
import { closeOutcome, reconnectDelayMs } from './sessions/reconnect-policy';
import { SessionPublisher, type StatusExtra } from './sessions/session-publisher';
import { readinessOf, waitUntilSettled } from './sessions/session-readiness';
import type { ManagedSession, Readiness, SessionManagerDeps, SessionSnapshot } from './session-types';

export type { Readiness, SessionManagerDeps, SessionSnapshot } from './session-types';

type StartCommand = Extract<OutboundCommand, { type: 'session.start' }>;

const RESUME_CONCURRENCY = 4;

export class SessionManager {
  private readonly sessions = new Map<string, ManagedSession>();
  private readonly changes = new EventEmitter().setMaxListeners(0);
  /** Pairing-code options of `session.start`, reused on every reconnect of that session. */
  private readonly startOptions = new Map<string, { usePairingCode?: boolean; phoneNumber?: string }>();
  private readonly publisher: SessionPublisher;
  /** A message's acks close together reach the sink as one event (queues/ack-coalescer.ts). */
  private readonly acks: AckCoalescer;
  private stopped = false;

  constructor(private readonly deps: SessionManagerDeps) {
    this.acks = new AckCoalescer(deps.sink, deps.ackWindowMs);
    this.publisher = new SessionPublisher(this.acks, deps.log, this.changes);
  }

  /** Boot: start every session the shard registry lists, with the credentials stored for it. */
  async resumeAll(): Promise<number> {
    const registered = await this.deps.registry.list();
    const queue = [...registered];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        await this.open(next.companyId, next.connectionId, next.adapter).catch((err) =>
          this.deps.log.error({ err, connectionId: next.connectionId }, 'resume failed'),
        );
      }
    };
    await Promise.all(Array.from({ length: RESUME_CONCURRENCY }, worker));
    return registered.length;
  }

  /** Executes a session or message command; returns the WhatsApp id of a sent message. */
  async execute(command: OutboundCommand): Promise<{ externalId?: string }> {
    switch (command.type) {
      case 'session.start':
        return this.start(command).then(() => ({}));
      case 'session.newQr':
        return this.newQr(command.companyId, command.connectionId).then(() => ({}));
      case 'session.logout':
        return this.logout(command.companyId, command.connectionId).then(() => ({}));
      case 'session.stop':
        return this.stopSession(command.companyId, command.connectionId).then(() => ({}));
      case 'host.restart':
        return (
          this.deps.registry.restartFleet ? this.deps.registry.restartFleet(command.commandId) : this.restartAll()
        ).then(() => ({}));
      case 'numbers.check':
        return runNumbersCheck(this.sessions.get(command.connectionId), command, this.publisher).then(() => ({}));
      default:
        return runMessageCommand(this.sessions.get(command.connectionId), command as MessageCommand, this.publisher);
    }
  }

  readiness(connectionId: string): Readiness {
    return readinessOf(this.sessions.get(connectionId));
  }

  /** Resolves when the connection stops being `transient`, or after `timeoutMs`. */
  waitForReadiness(connectionId: string, timeoutMs: number): Promise<Readiness> {
    return waitUntilSettled(this.changes, connectionId, () => this.readiness(connectionId), timeoutMs);
  }

  snapshot(): SessionSnapshot[] {
    return [...this.sessions.values()].map((s) => ({
      companyId: s.companyId,
      connectionId: s.connectionId,
      adapter: s.kind,
      status: s.status,
      number: s.number,
    }));
  }

  statusOf(connectionId: string): ConnectionStatus | undefined {
    return this.sessions.get(connectionId)?.status;
  }

  /** Graceful stop: close every socket (keeping credentials), report the sessions disconnected, publish held acks. */
  async stopAll(): Promise<void> {
    this.stopped = true;
    await Promise.all(
      [...this.sessions.values()].map(async (session) => {
        session.closing = true;
        clearTimeout(session.retryTimer);
        await session.adapter.stop().catch(() => undefined);
        this.setStatus(session, 'DISCONNECTED', { reason: 'session host stopping' });
      }),
    );
    await this.acks.flushAll();
  }

  /** Fleet: runs a connection this host just claimed (fleet/fleet-member.ts). */
  async adopt(companyId: string, connectionId: string, kind: AdapterKind): Promise<void> {
    if (!this.sessions.has(connectionId)) await this.open(companyId, connectionId, kind);
  }

  /**
   * Fleet: hands a connection over. The socket is closed and the auth writes flushed before this
   * resolves, and nothing is published: the next owner reports OPENING and CONNECTED.
   */
  async close(connectionId: string): Promise<void> {
    const session = this.sessions.get(connectionId);
    if (!session) return;
    session.closing = true;
    clearTimeout(session.retryTimer);
    // Off the map first, so a restart or a retry under way does not reopen it while it closes.
    this.sessions.delete(connectionId);
    this.startOptions.delete(connectionId);
    await session.adapter.stop().catch(() => undefined);
    await session.auth.flush();
    // Handed to the sink, not awaited: the publisher keeps retrying them while the lease moves on.
    void this.acks.flush(connectionId);
    this.changes.emit(connectionId);
  }

  // ------------------------------------------------------------------ session commands

  /** "Restart service" (super users): every socket of this host is closed and opened again, credentials kept. */
  async restartAll(): Promise<void> {
    for (const session of this.sessions.values()) {
      session.closing = true;
      clearTimeout(session.retryTimer);
      session.retryTimer = undefined;
      await session.adapter.stop().catch(() => undefined);
      session.retryAttempt = 0;
      session.announceOpening = true;
      session.lastPublished = undefined;
      await this.reopen(session);
    }
    // Registered sessions that are not running here (a start that failed for good) get another chance too.
    for (const registered of await this.deps.registry.list()) {
      if (!this.sessions.has(registered.connectionId))
        await this.open(registered.companyId, registered.connectionId, registered.adapter);
    }
  }

  private async start(command: StartCommand): Promise<void> {
    const kind = this.deps.adapters.includes(command.adapter) ? command.adapter : this.deps.defaultAdapter;
    await this.deps.registry.register({ companyId: command.companyId, connectionId: command.connectionId, adapter: kind });
    const session = this.sessions.get(command.connectionId);
    if (!session) {
      await this.open(command.companyId, command.connectionId, kind, {
        usePairingCode: command.usePairingCode,
        phoneNumber: command.phoneNumber,
      });
      return;
    }
    if (session.retryTimer) {
      // "Try again" while waiting to reconnect: now, and from the first backoff step.
      clearTimeout(session.retryTimer);
      session.retryTimer = undefined;
      session.retryAttempt = 0;
      session.announceOpening = true;
      await this.reopen(session);
      return;
    }
    // Already running: repeat the current state (and the QR being shown) for whoever asked.
    session.lastPublished = undefined;
    this.setStatus(session, session.status, { number: session.number });
    if (session.status === 'qrcode') this.publishQr(session);
  }

  private async newQr(companyId: string, connectionId: string): Promise<void> {
    const existing = this.sessions.get(connectionId);
    const kind = existing?.kind ?? this.deps.defaultAdapter;
    await this.deps.registry.register({ companyId, connectionId, adapter: kind });
    if (!existing) {
      await this.deps.authStore.forConnection(companyId, connectionId).clear();
      await this.open(companyId, connectionId, kind);
      return;
    }
    clearTimeout(existing.retryTimer);
    existing.retryTimer = undefined;
    existing.qrAttempt = 0;
    existing.announceOpening = true;
    existing.closing = true;
    try {
      await existing.adapter.requestNewQr();
    } finally {
      existing.closing = false;
    }
  }

  private async logout(companyId: string, connectionId: string): Promise<void> {
    const session = this.sessions.get(connectionId);
    await this.deps.registry.unregister(companyId, connectionId);
    if (!session) {
      await this.deps.authStore.forConnection(companyId, connectionId).clear();
      this.publisher.publish(companyId, connectionId, {
        type: 'connection.status',
        eventId: statusEventId(connectionId, 'DISCONNECTED'),
        status: 'DISCONNECTED',
        loggedOut: true,
        reason: 'logout',
      });
      return;
    }
    session.closing = true;
    clearTimeout(session.retryTimer);
    await session.adapter.logout().catch(async (err) => {
      this.deps.log.warn({ err, connectionId }, 'logout did not reach WhatsApp; wiping credentials anyway');
      await session.auth.clear();
    });
    this.forget(session, 'DISCONNECTED', { loggedOut: true, reason: 'logout' });
  }

  private async stopSession(companyId: string, connectionId: string): Promise<void> {
    await this.deps.registry.unregister(companyId, connectionId);
    const session = this.sessions.get(connectionId);
    if (!session) return;
    session.closing = true;
    clearTimeout(session.retryTimer);
    await session.adapter.stop();
    this.forget(session, 'DISCONNECTED', { reason: 'stopped' });
  }

  /** Tells the business side a send will not happen (its message is then marked failed). */
  reportSendFailed(
    command: Extract<OutboundCommand, { type: 'message.send' }>,
    error: string,
    reason?: SendFailureReason,
  ): void {
    this.publisher.reportSendFailed(command, error, reason);
  }

  // ------------------------------------------------------------------ lifecycle

  private async open(
    companyId: string,
    connectionId: string,
    kind: AdapterKind,
    extra: { usePairingCode?: boolean; phoneNumber?: string } = {},
  ): Promise<void> {
    if (this.stopped) return;
    const adapter = this.deps.createAdapter(kind);
    const session: ManagedSession = {
      companyId,
      connectionId,
      kind,
      adapter,
      auth: this.deps.authStore.forConnection(companyId, connectionId, this.deps.registry.authOwner?.(connectionId)),
      status: 'OPENING',
      qrAttempt: 0,
      retryAttempt: 0,
      announceOpening: true,
      closing: false,
    };
    this.sessions.set(connectionId, session);
    adapter.onEvent((event) => this.onAdapterEvent(session, event));
    this.startOptions.set(connectionId, extra);
    await this.reopen(session);
  }

  private async reopen(session: ManagedSession): Promise<void> {
    if (this.stopped || this.sessions.get(session.connectionId) !== session) return;
    session.closing = false;
    try {
      await session.adapter.start({
        companyId: session.companyId,
        connectionId: session.connectionId,
        auth: session.auth,
        media: this.deps.media,
        ...this.startOptions.get(session.connectionId),
      });
    } catch (err) {
      this.deps.log.warn({ err, connectionId: session.connectionId }, 'socket did not start');
      this.scheduleRetry(session, `start failed: ${(err as Error).message}`);
    }
  }

  /** For a channel event, the promise of its enqueue (the adapter's receipt waits for it). */
  private onAdapterEvent(session: ManagedSession, event: AdapterEvent): Promise<void> | undefined {
    const body = !event.type.startsWith('lifecycle.');
    if (this.sessions.get(session.connectionId) !== session)
      return body ? Promise.reject(new Error('the session was replaced: event not taken')) : undefined;
    if (body) {
      if (event.type === 'connection.pairingCode') this.setStatus(session, 'PAIRING');
      return this.publishBody(session, event as ChannelEventBody);
    }
    const lifecycle = event as LifecycleEvent;
    switch (lifecycle.type) {
      case 'lifecycle.connecting':
        if (session.announceOpening) this.setStatus(session, 'OPENING');
        session.announceOpening = false;
        return;
      case 'lifecycle.qr':
        session.qrAttempt += 1;
        session.lastQr = lifecycle.qr;
        this.setStatus(session, 'qrcode');
        this.publishQr(session);
        return;
      case 'lifecycle.paired':
        this.setStatus(session, 'PAIRING', { number: lifecycle.number });
        return;
      case 'lifecycle.open':
        session.retryAttempt = 0;
        session.qrAttempt = 0;
        session.lastQr = undefined;
        session.number = lifecycle.number;
        this.setStatus(session, 'CONNECTED', { number: lifecycle.number });
        return;
      case 'lifecycle.closed':
        if (session.closing) return;
        void this.onClosed(session, lifecycle);
    }
  }

  private async onClosed(
    session: ManagedSession,
    closed: Extract<LifecycleEvent, { type: 'lifecycle.closed' }>,
  ): Promise<void> {
    const { connectionId } = session;
    this.deps.log.info({ connectionId, reason: closed.reason }, 'socket closed');
    switch (closeOutcome(closed)) {
      case 'restart':
        // Expected once right after pairing: reconnect at once. Again before the socket opened, it is
        // a loop (WhatsApp answering every connect with 515): back off like any other drop.
        if (session.retryAttempt > 0) return this.scheduleRetry(session, closed.reason);
        session.retryAttempt = 1;
        return this.reopen(session);
      case 'loggedOut':
        await session.auth.clear().catch((err) => this.deps.log.error({ err, connectionId }, 'credentials not wiped'));
        await this.deps.registry.unregister(session.companyId, connectionId).catch(() => undefined);
        return this.forget(session, 'DISCONNECTED', { loggedOut: true, reason: closed.reason });
      case 'final':
        // Retrying cannot help (another client took the session, the account is refused, …): stop and
        // tell a person. Credentials and the registry entry stay, so "try again" resumes without a QR.
        this.deps.log.error(
          { connectionId, reason: closed.reason, alarm: 'connection-closed-for-good' },
          'connection closed for good',
        );
        return this.forget(session, 'DISCONNECTED', { reason: closed.reason });
      case 'qrTimeout':
        await this.deps.registry.unregister(session.companyId, connectionId).catch(() => undefined);
        return this.forget(session, 'DISCONNECTED', { reason: closed.reason });
      case 'retry':
        return this.scheduleRetry(session, closed.reason);
    }
  }

  private scheduleRetry(session: ManagedSession, reason: string): void {
    if (this.stopped || this.sessions.get(session.connectionId) !== session) return;
    this.setStatus(session, 'DISCONNECTED', { reason });
    const delay = reconnectDelayMs(session.retryAttempt, this.deps.reconnect);
    session.retryAttempt += 1;
    clearTimeout(session.retryTimer);
    session.retryTimer = setTimeout(() => {
      session.retryTimer = undefined;
      void this.reopen(session);
    }, delay);
  }

  /** Drops the session from this host (logged out, stopped, QR never scanned) after a last status. */
  private forget(session: ManagedSession, status: ConnectionStatus, extra: StatusExtra): void {
    clearTimeout(session.retryTimer);
    this.setStatus(session, status, extra);
    void this.acks.flush(session.connectionId);
    this.sessions.delete(session.connectionId);
    this.startOptions.delete(session.connectionId);
    this.changes.emit(session.connectionId);
  }

  private setStatus(session: ManagedSession, status: ConnectionStatus, extra: StatusExtra = {}): void {
    this.publisher.setStatus(session, status, extra);
  }

  private publishQr(session: ManagedSession): void {
    this.publisher.publishQr(session);
  }

  private publishBody(session: ManagedSession, body: ChannelEventBody): Promise<void> {
    return this.publisher.publishBody(session, body);
  }
}
