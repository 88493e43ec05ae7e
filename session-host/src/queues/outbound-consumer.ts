/**
 * Consumes the shard's outbound FIFO queue (`QUEUE_URL_OUTBOUND_<shard>`, group = connection), or in
 * a fleet with lanes the queue of the host's lane (fleet/fleet-lanes.ts).
 *
 * - Order: SQS hands out a group's next message only after the previous one is deleted or expires,
 *   and within one receive a group's messages are handled one after another; groups run in parallel.
 * - Exactly once: a command whose `cmd#<commandId>` marker exists is skipped; otherwise it is
 *   executed, the marker is written (conditional put) and only then is the SQS message deleted. A
 *   crash between send and marker re-sends under the same WhatsApp id (see adapters/message-ids.ts).
 * - Connection not up yet (host just booted, network drop, reconnecting): the message is NOT deleted.
 *   It is held in flight — visibility extended while we wait — and executed the moment the
 *   connection opens, so it neither burns receive counts towards the dead-letter queue nor lets a
 *   later message of the connection overtake it. A connection that needs a person (QR, logged out,
 *   not running here) fails the send at once with `message.sendFailed`; so does a hold longer than
 *   `holdMaxMs`. If the host stops meanwhile, held messages are released for the next host.
 * - Fleet (`placement`): every host reads the one queue; a command for a connection another host
 *   holds is handed back at once (visibility 0 while the receive count is within what the queue's
 *   readers need to reach the holder, then growing while nobody holds it), and so is a held one
 *   whose connection moved away meanwhile. Only the holder executes;
 *   the group stays blocked while a message is in flight, so order survives a move.
 */
import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  ReceiveMessageCommand,
  type Message,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { OutboundCommand } from '@atende/shared';
import { NotConnectedError, SendRefusedError } from '../adapters/channel-adapter';
import type { Logger } from '../logger';
import type { CommandLog } from '../registry/command-log';
import type { Readiness, SessionManager } from '../session-manager';

/** Where commands run in a fleet (fleet/fleet-placement.ts). */
export interface CommandPlacement {
  /** Whether this host runs the command's connection now (claiming a free one for a session command). */
  accept(command: OutboundCommand): Promise<boolean>;
  owns(connectionId: string): boolean;
  /** Live hosts reading this queue, this one included (the lane's hosts). */
  queueReaders(): number;
}

export interface OutboundConsumerOptions {
  placement?: CommandPlacement;
  sqs: SQSClient;
  /** Read when the consumer starts (a fleet host knows its lane's queue only once it joined). */
  queueUrl: string | (() => string);
  manager: Pick<SessionManager, 'execute' | 'readiness' | 'waitForReadiness' | 'reportSendFailed'>;
  commandLog: CommandLog;
  log: Logger;
  holdMaxMs: number;
  visibilityTimeoutSeconds?: number;
  waitTimeSeconds?: number;
  maxInFlight?: number;
}

interface Lease {
  receiptHandle: string;
  extendedAt: number;
}

/** Commands that need the connection up: held while it comes back, dropped (or reported failed) when it will not. */
const isMessageCommand = (c: OutboundCommand) =>
  c.type === 'message.send' ||
  c.type === 'message.delete' ||
  c.type === 'message.read' ||
  c.type === 'call.reject' ||
  c.type === 'numbers.check';
const NOT_INITIALIZED = 'ERR_WAPP_NOT_INITIALIZED';
/** A command whose handling crashed is received again after this long (its marker says whether it ran). */
export const CRASH_RETRY_SECONDS = 2;

/** Hand-backs at once per reader of the queue before they slow down (8 for one host, as before lanes). */
export const FAST_RETURNS_PER_READER = 8;
/** ...but never more than this: an orphaned connection's command must not spin through its 1,000 receives. */
export const MAX_FAST_RETURNS = 400;

/**
 * A command nobody here holds goes back at once while its receive count is within what `readers`
 * hosts need to reach its holder (each receive lands on one of them: about `readers` receives, more
 * than 8× that for 0.03 % of commands), then waits longer the more often it came back (nobody holds
 * it: a host died and its lease has not expired yet), up to 5 s. Past 400 fast receives (≈ 12 s of
 * hand-backs, half an orphan's wait) it slows down whatever the lane's size, so an orphaned
 * connection's commands never burn the queue's 1,000 receives (docs/deploy.md "Lanes").
 */
export function returnDelaySeconds(receiveCount: number, readers: number): number {
  const fast = Math.min(MAX_FAST_RETURNS, FAST_RETURNS_PER_READER * Math.max(1, readers));
  return receiveCount < fast ? 0 : Math.min(5, Math.floor((receiveCount - fast) / 8) + 1);
}

export class OutboundConsumer {
  private readonly visibility: number;
  private readonly waitTime: number;
  private readonly maxInFlight: number;
  private readonly leases = new Map<string, Lease>();
  private readonly groups = new Map<string, Promise<void>>();
  private stopping = false;
  private stopSignal!: () => void;
  private readonly stopped = new Promise<void>((resolve) => {
    this.stopSignal = resolve;
  });
  private loop: Promise<void> | undefined;
  private queueUrlRead: string | undefined;
  private leaseTimer: NodeJS.Timeout | undefined;
  /** Counters for /health and the tests. */
  readonly stats = { executed: 0, duplicates: 0, failed: 0, held: 0, returned: 0 };

  constructor(private readonly options: OutboundConsumerOptions) {
    // Short, and kept alive by lease extension while a command runs or waits: after a hard kill, a
    // receive the dead host had pending may still take a message (SQS cannot tell), and that message
    // is back for the next host after this many seconds rather than the queue's 60.
    this.visibility = options.visibilityTimeoutSeconds ?? 20;
    // Short enough that a graceful stop (which lets the last poll finish) stays well inside ECS's 30 s.
    this.waitTime = options.waitTimeSeconds ?? 5;
    this.maxInFlight = options.maxInFlight ?? 100;
  }

  start(): void {
    const url = this.options.queueUrl;
    this.queueUrlRead ??= typeof url === 'string' ? url : url();
    this.loop ??= this.poll();
    this.leaseTimer = setInterval(() => void this.extendLeases(), (this.visibility * 1000) / 3);
  }

  /**
   * Stops receiving. The long poll in progress is NOT aborted: SQS would still hand it messages
   * that nobody then handles, hidden for a whole visibility timeout. It is awaited instead, and
   * whatever it brings is released at once, like the commands that were waiting.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.stopSignal();
    await this.loop;
    await Promise.allSettled([...this.groups.values()]);
    clearInterval(this.leaseTimer);
  }

  /** The queue this consumer reads (fixed when it starts). */
  get queueUrl(): string {
    const url = this.options.queueUrl;
    return this.queueUrlRead ?? (typeof url === 'string' ? url : url());
  }

  get inFlight(): number {
    return this.leases.size;
  }

  private async poll(): Promise<void> {
    let failures = 0;
    while (!this.stopping) {
      if (this.leases.size >= this.maxInFlight) {
        await this.sleep(200);
        continue;
      }
      try {
        const out = await this.options.sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: this.queueUrl,
            MaxNumberOfMessages: 10,
            WaitTimeSeconds: this.waitTime,
            VisibilityTimeout: this.visibility,
            MessageSystemAttributeNames: ['MessageGroupId', 'ApproximateReceiveCount'],
          }),
        );
        failures = 0;
        for (const message of out.Messages ?? []) {
          if (this.stopping) void this.release(message);
          else this.enqueue(message);
        }
      } catch (err) {
        if (this.stopping) break;
        failures += 1;
        this.options.log.warn({ err, failures }, 'receiving outbound commands failed');
        await this.sleep(Math.min(10_000, 250 * 2 ** failures));
      }
    }
  }

  private enqueue(message: Message): void {
    const group = message.Attributes?.MessageGroupId ?? message.MessageId!;
    this.leases.set(message.MessageId!, { receiptHandle: message.ReceiptHandle!, extendedAt: Date.now() });
    const previous = this.groups.get(group) ?? Promise.resolve();
    const next = previous
      .then(() => this.handle(message))
      .catch((err) => this.options.log.error({ err }, 'outbound command crashed'));
    this.groups.set(group, next);
    void next.finally(() => {
      if (this.groups.get(group) === next) this.groups.delete(group);
    });
  }

  /**
   * A command whose handling threw (its marker could not be read or written: DynamoDB throttling, a
   * timeout) goes back to the queue after CRASH_RETRY_SECONDS, and one whose run asked for a retry
   * after the queue's visibility: its lease is dropped either way. A lease kept on would be extended
   * for ever, so the command would never come back and its FIFO group (the whole connection's
   * outbound) would stay blocked until the host restarts.
   */
  private async handle(message: Message): Promise<void> {
    try {
      if ((await this.handleOnce(message)) === 'retry') await this.release(message, this.visibility);
    } catch (err) {
      this.options.log.error({ err, messageId: message.MessageId }, 'outbound command crashed; it comes back shortly');
      await this.release(message, CRASH_RETRY_SECONDS);
    }
  }

  private async handleOnce(message: Message): Promise<'retry' | void> {
    const { log, commandLog } = this.options;
    let command: OutboundCommand;
    try {
      command = JSON.parse(message.Body ?? '') as OutboundCommand;
      if (!command.commandId || !command.connectionId || !command.companyId || !command.type)
        throw new Error('missing fields');
    } catch (err) {
      log.error({ err, body: message.Body?.slice(0, 500) }, 'dropping malformed outbound command');
      await this.settle(message);
      return;
    }
    if (this.stopping) return this.release(message);
    if (this.options.placement && !(await this.options.placement.accept(command))) {
      this.stats.returned += 1;
      const receives = Number(message.Attributes?.ApproximateReceiveCount ?? 1);
      return this.release(message, returnDelaySeconds(receives, this.options.placement.queueReaders()));
    }
    if (await commandLog.find(command)) {
      this.stats.duplicates += 1;
      log.info({ commandId: command.commandId }, 'command already executed; skipping redelivery');
      await this.settle(message);
      return;
    }
    const outcome = await this.run(command);
    if (outcome === 'release') return this.release(message);
    if (outcome === 'retry') return 'retry';
    await commandLog.record(command, outcome);
    await this.settle(message);
  }

  /** Executes, holding message commands until their connection is up. */
  private async run(
    command: OutboundCommand,
  ): Promise<'release' | 'retry' | { outcome: 'done' | 'failed' | 'skipped'; externalId?: string }> {
    const { manager, log } = this.options;
    const deadline = Date.now() + this.options.holdMaxMs;
    for (;;) {
      if (isMessageCommand(command)) {
        let readiness: Readiness | 'stopping' = manager.readiness(command.connectionId);
        if (readiness === 'transient') {
          this.stats.held += 1;
          log.info(
            { commandId: command.commandId, connectionId: command.connectionId },
            'connection not up yet; holding command',
          );
          readiness = await Promise.race([
            manager.waitForReadiness(command.connectionId, Math.max(0, deadline - Date.now())),
            this.stopped.then(() => 'stopping' as const),
          ]);
          if (readiness === 'stopping') return 'release';
        }
        if (this.movedAway(command)) return 'release';
        if (readiness !== 'connected') return this.fail(command, NOT_INITIALIZED);
      }
      try {
        const { externalId } = await manager.execute(command);
        this.stats.executed += 1;
        return { outcome: 'done', externalId };
      } catch (err) {
        if (this.movedAway(command)) return 'release';
        if (err instanceof NotConnectedError && Date.now() < deadline && !this.stopping) continue;
        if (this.stopping && err instanceof NotConnectedError) return 'release';
        if (err instanceof SendRefusedError && command.type === 'message.send') {
          log.warn({ commandId: command.commandId, reason: err.reason, error: err.message }, 'send refused');
          this.stats.failed += 1;
          this.options.manager.reportSendFailed(command, err.code, err.reason);
          return { outcome: 'failed' };
        }
        log.error({ err, commandId: command.commandId, type: command.type }, 'outbound command failed');
        if (!isMessageCommand(command)) return 'retry';
        return this.fail(command, err instanceof NotConnectedError ? NOT_INITIALIZED : 'ERR_SENDING_WAPP_MSG');
      }
    }
  }

  /** Fleet: the connection was handed to another host while this command waited or ran. */
  private movedAway(command: OutboundCommand): boolean {
    return Boolean(this.options.placement && !this.options.placement.owns(command.connectionId));
  }

  private fail(command: OutboundCommand, error: string): { outcome: 'failed' | 'skipped' } {
    this.stats.failed += 1;
    if (command.type === 'message.send') {
      this.options.manager.reportSendFailed(command, error);
      return { outcome: 'failed' };
    }
    this.options.log.warn({ commandId: command.commandId, type: command.type, error }, 'command dropped');
    return { outcome: 'skipped' };
  }

  private async settle(message: Message): Promise<void> {
    await this.options.sqs.send(
      new DeleteMessageCommand({ QueueUrl: this.queueUrl, ReceiptHandle: message.ReceiptHandle! }),
    );
    this.leases.delete(message.MessageId!);
  }

  /** Hands the message back to the queue (at once by default: graceful stop, moved connection), for another host. */
  private async release(message: Message, delaySeconds = 0): Promise<void> {
    this.leases.delete(message.MessageId!);
    await this.options.sqs
      .send(
        new ChangeMessageVisibilityCommand({
          QueueUrl: this.queueUrl,
          ReceiptHandle: message.ReceiptHandle!,
          VisibilityTimeout: delaySeconds,
        }),
      )
      .catch((err) =>
        this.options.log.warn({ err }, 'could not release held command; it returns after its visibility timeout'),
      );
  }

  private async extendLeases(): Promise<void> {
    const due = Date.now() - (this.visibility * 1000) / 3;
    await Promise.all(
      [...this.leases.entries()]
        .filter(([, lease]) => lease.extendedAt <= due)
        .map(async ([id, lease]) => {
          try {
            await this.options.sqs.send(
              new ChangeMessageVisibilityCommand({
                QueueUrl: this.queueUrl,
                ReceiptHandle: lease.receiptHandle,
                VisibilityTimeout: this.visibility,
              }),
            );
            lease.extendedAt = Date.now();
          } catch (err) {
            this.options.log.warn({ err, messageId: id }, 'could not extend an outbound command lease');
          }
        }),
    );
  }

  private sleep(ms: number): Promise<void> {
    return Promise.race([new Promise<void>((r) => setTimeout(r, ms)), this.stopped]);
  }
}
