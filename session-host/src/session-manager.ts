/**
 * Holds one adapter per connection of this shard and turns what adapters report into channel events:
 * status changes (OPENING → qrcode/PAIRING → CONNECTED, DISCONNECTED on a drop), QR codes, and the
 * message/ack/contact events, stamped with deterministic event ids. Reconnects dropped sockets with
 * exponential backoff and jitter; a logged-out device or an unscanned QR waits for a person instead.
 *
 * What a killed host leaves behind is in docs/decisions.md ("Session host"): a graceful stop
 * publishes DISCONNECTED for every session; a hard kill publishes nothing, and the shard's heartbeat
 * item goes stale instead.
 */
import { EventEmitter } from 'node:events';
import type { AdapterKind, ChannelEvent, ConnectionStatus, OutboundCommand, SendFailureReason } from '@atende/shared';
import type { AdapterEvent, ChannelEventBody, LifecycleEvent } from './adapters/channel-adapter';
import { messageIdForCommand } from './adapters/message-ids';
import { eventIdFor, qrEventId, statusEventId } from './queues/event-ids';
import type { ManagedSession, Readiness, SessionManagerDeps, SessionSnapshot } from './session-types';

export type { Readiness, SessionManagerDeps, SessionSnapshot } from './session-types';

type StartCommand = Extract<OutboundCommand, { type: 'session.start' }>;
type MessageCommand = Extract<OutboundCommand, { type: 'message.send' | 'message.delete' | 'message.read' | 'call.reject' }>;

const RESUME_CONCURRENCY = 4;

export class SessionManager {
  private readonly sessions = new Map<string, ManagedSession>();
  private readonly changes = new EventEmitter().setMaxListeners(0);
  /** Pairing-code options of `session.start`, reused on every reconnect of that session. */
  private readonly startOptions = new Map<string, { usePairingCode?: boolean; phoneNumber?: string }>();
  private stopped = false;

  constructor(private readonly deps: SessionManagerDeps) {}

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
        return this.restartAll().then(() => ({}));
      case 'numbers.check':
        return this.checkNumbers(command).then(() => ({}));
      default:
        return this.message(command);
    }
  }

  readiness(connectionId: string): Readiness {
    const session = this.sessions.get(connectionId);
    if (!session) return 'unavailable';
    if (session.status === 'CONNECTED') return 'connected';
    // A device waiting for a QR scan or a pairing code needs a person, not time.
    if (session.status === 'qrcode' || (session.status === 'PAIRING' && !session.auth.isRegistered)) return 'unavailable';
    return 'transient';
  }

  /** Resolves when the connection stops being `transient`, or after `timeoutMs`. */
  waitForReadiness(connectionId: string, timeoutMs: number): Promise<Readiness> {
    const now = this.readiness(connectionId);
    if (now !== 'transient') return Promise.resolve(now);
    return new Promise((resolve) => {
      const done = () => {
        const readiness = this.readiness(connectionId);
        if (readiness === 'transient' && !timedOut) return;
        clearTimeout(timer);
        this.changes.off(connectionId, done);
        resolve(readiness);
      };
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        done();
      }, timeoutMs);
      this.changes.on(connectionId, done);
    });
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

  /** Graceful stop: close every socket (keeping credentials) and report the sessions disconnected. */
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
    await session.adapter.stop().catch(() => undefined);
    await session.auth.flush();
    this.sessions.delete(connectionId);
    this.startOptions.delete(connectionId);
    this.changes.emit(connectionId);
  }

  // ------------------------------------------------------------------ session commands

  /** "Restart service" (super users): every socket of the shard is closed and opened again, credentials kept. */
  private async restartAll(): Promise<void> {
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
      this.publish(companyId, connectionId, {
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

  // ------------------------------------------------------------------ message commands

  private async message(command: MessageCommand): Promise<{ externalId?: string }> {
    const session = this.sessions.get(command.connectionId);
    if (!session) throw new Error(`connection ${command.connectionId} is not running on this host`);
    if (command.type === 'message.delete') {
      await session.adapter.deleteMessage(command);
      return {};
    }
    if (command.type === 'message.read') {
      await session.adapter.markRead(command);
      return {};
    }
    if (command.type === 'call.reject') {
      await session.adapter.rejectCall(command);
      return {};
    }
    const message = await session.adapter.send(command, messageIdForCommand(command.connectionId, command.commandId));
    this.publishBody(session, { type: 'message.sent', message: { ...message, clientMessageId: command.clientMessageId } });
    return { externalId: message.externalId };
  }

  /** Asks WhatsApp which numbers have an account and publishes the answer (`numbers.checked`, same requestId). */
  private async checkNumbers(command: Extract<OutboundCommand, { type: 'numbers.check' }>): Promise<void> {
    const session = this.sessions.get(command.connectionId);
    if (!session) throw new Error(`connection ${command.connectionId} is not running on this host`);
    const results = await session.adapter.checkNumbers(command);
    this.publishBody(session, { type: 'numbers.checked', requestId: command.requestId, results });
  }

  /** Tells the business side a send will not happen (its message is then marked failed). */
  reportSendFailed(
    command: Extract<OutboundCommand, { type: 'message.send' }>,
    error: string,
    reason?: SendFailureReason,
  ): void {
    const body = {
      type: 'message.sendFailed' as const,
      clientMessageId: command.clientMessageId,
      error,
      ...(reason ? { reason } : {}),
    };
    this.publish(command.companyId, command.connectionId, { ...body, eventId: eventIdFor(command.connectionId, body) });
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

  private onAdapterEvent(session: ManagedSession, event: AdapterEvent): void {
    if (this.sessions.get(session.connectionId) !== session) return;
    if (!event.type.startsWith('lifecycle.')) {
      if (event.type === 'connection.pairingCode') this.setStatus(session, 'PAIRING');
      this.publishBody(session, event as ChannelEventBody);
      return;
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
    if (closed.restartRequired) {
      // Expected once right after pairing: reconnect at once. Again before the socket opened, it is a
      // loop (WhatsApp answering every connect with 515): back off like any other drop.
      if (session.retryAttempt > 0) return this.scheduleRetry(session, closed.reason);
      session.retryAttempt = 1;
      await this.reopen(session);
      return;
    }
    if (closed.loggedOut) {
      await session.auth.clear().catch((err) => this.deps.log.error({ err, connectionId }, 'credentials not wiped'));
      await this.deps.registry.unregister(session.companyId, connectionId).catch(() => undefined);
      this.forget(session, 'DISCONNECTED', { loggedOut: true, reason: closed.reason });
      return;
    }
    if (closed.final) {
      // Retrying cannot help (another client took the session, the account is refused, …): stop and
      // tell a person. Credentials and the registry entry stay, so "try again" resumes without a QR.
      this.deps.log.error(
        { connectionId, reason: closed.reason, alarm: 'connection-closed-for-good' },
        'connection closed for good',
      );
      this.forget(session, 'DISCONNECTED', { reason: closed.reason });
      return;
    }
    if (closed.qrTimeout) {
      await this.deps.registry.unregister(session.companyId, connectionId).catch(() => undefined);
      this.forget(session, 'DISCONNECTED', { reason: closed.reason });
      return;
    }
    this.scheduleRetry(session, closed.reason);
  }

  private scheduleRetry(session: ManagedSession, reason: string): void {
    if (this.stopped || this.sessions.get(session.connectionId) !== session) return;
    this.setStatus(session, 'DISCONNECTED', { reason });
    const { initialMs, maxMs } = this.deps.reconnect;
    const ceiling = Math.min(maxMs, initialMs * 2 ** session.retryAttempt);
    const delay = Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
    session.retryAttempt += 1;
    clearTimeout(session.retryTimer);
    session.retryTimer = setTimeout(() => {
      session.retryTimer = undefined;
      void this.reopen(session);
    }, delay);
  }

  /** Drops the session from this host (logged out, stopped, QR never scanned) after a last status. */
  private forget(session: ManagedSession, status: ConnectionStatus, extra: { loggedOut?: boolean; reason?: string }): void {
    clearTimeout(session.retryTimer);
    this.setStatus(session, status, extra);
    this.sessions.delete(session.connectionId);
    this.startOptions.delete(session.connectionId);
    this.changes.emit(session.connectionId);
  }

  private setStatus(
    session: ManagedSession,
    status: ConnectionStatus,
    extra: { number?: string; loggedOut?: boolean; reason?: string } = {},
  ): void {
    session.status = status;
    const signature = `${status}|${extra.number ?? ''}`;
    if (session.lastPublished !== signature) {
      session.lastPublished = signature;
      this.publish(session.companyId, session.connectionId, {
        type: 'connection.status',
        eventId: statusEventId(session.connectionId, status),
        status,
        ...extra,
      });
    }
    this.changes.emit(session.connectionId);
  }

  private publishQr(session: ManagedSession): void {
    if (!session.lastQr) return;
    this.publish(session.companyId, session.connectionId, {
      type: 'connection.qr',
      eventId: qrEventId(session.connectionId),
      qr: session.lastQr,
      attempt: session.qrAttempt,
    });
  }

  private publishBody(session: ManagedSession, body: ChannelEventBody): void {
    this.publish(session.companyId, session.connectionId, {
      ...body,
      eventId: eventIdFor(session.connectionId, body),
    } as DistributiveStamped);
  }

  private publish(companyId: string, connectionId: string, event: DistributiveStamped): void {
    const stamped = { ...event, companyId, connectionId, occurredAt: new Date().toISOString() } as ChannelEvent;
    this.deps.sink
      .publish(stamped)
      .catch((err) => this.deps.log.error({ err, eventId: stamped.eventId }, 'channel event lost'));
  }
}

type DistributiveStamped = ChannelEvent extends infer E
  ? E extends unknown
    ? Omit<E, 'companyId' | 'connectionId' | 'occurredAt'>
    : never
  : never;
