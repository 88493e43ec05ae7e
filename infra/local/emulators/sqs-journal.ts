/**
 * The local SQS emulator's queues kept on disk, so a platform killed (SIGKILL) and restarted on the
 * same data folder resumes them, as SQS in AWS outlives every consumer and producer. fauxqs keeps its
 * queues in memory; this wraps its queue objects (sqs-in-process.ts loads them) and writes each change
 * as one JSON line to an append-only journal, synchronously, before the action answers: a message
 * whose SendMessage answered is on disk (SIGKILL cannot lose what write() gave the kernel; a power cut
 * could, which a laptop's stack does not try to survive — no fsync).
 *
 * Kept per message: its body, attributes, group and deduplication ids, sequence number, receive count,
 * and, while in flight, its receipt handle and visibility deadline; per FIFO queue the deduplication
 * ids of the last 5 minutes (with their own expiry) and the sequence counter. A restored queue gets
 * back its waiting messages in their order (per FIFO group: the order they were sent), its in-flight
 * ones invisible until their deadline (their FIFO group locked until then, as in AWS), its delayed
 * ones, and its dedup window. Every entry states absolute values, so replaying one twice is harmless.
 *
 * Files (in the data folder's `sqs/`): `snapshot.json` (generation g: everything alive when it was
 * written) and `journal-<g>.ndjson` (what happened since). On open, and whenever the journal passes
 * COMPACT_BYTES, the live state is written as snapshot g + 1 (temp file, then rename) and a new journal
 * started; the old one is then removed. A half-written last line (a kill mid-write) is skipped.
 * Queues are matched by name (their URLs carry the emulator's port, which changes across restarts).
 */
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

/** fauxqs's message (sqsTypes.d.ts `SqsMessage`), as far as this file needs it. */
export interface FauxqsMessage {
  messageId: string;
  delayUntil?: number;
  messageGroupId?: string;
  sequenceNumber?: string;
  approximateReceiveCount: number;
  approximateFirstReceiveTimestamp?: number;
  [field: string]: unknown;
}

interface InflightEntry {
  message: FauxqsMessage;
  receiptHandle: string;
  visibilityDeadline: number;
}

/** fauxqs's `SqsQueue`, the fields and methods wrapped or restored here. */
export interface FauxqsQueue {
  name: string;
  isFifo(): boolean;
  messages: FauxqsMessage[];
  delayedMessages: FauxqsMessage[];
  inflightMessages: Map<string, InflightEntry>;
  fifoMessages: Map<string, FauxqsMessage[]>;
  fifoDelayed: Map<string, FauxqsMessage[]>;
  fifoLockedGroups: Map<string, number>;
  deduplicationCache: {
    set(key: string, value: unknown): void;
    items: Map<string, { expiry: number }>;
  };
  sequenceCounter: number;
  enqueue(message: FauxqsMessage): void;
  dequeue(...args: unknown[]): { MessageId: string; ReceiptHandle: string }[];
  deleteMessage(receiptHandle: string): boolean;
  changeVisibility(receiptHandle: string, seconds: number): void;
  recordDeduplication(dedupId: string, messageId: string, sequenceNumber: string): void;
  purge(): void;
}

export interface FauxqsStore {
  createQueue(name: string, ...rest: unknown[]): FauxqsQueue;
}

/** SQS's FIFO deduplication interval. */
export const DEDUP_WINDOW_MS = 5 * 60 * 1000;
/** The journal is folded into a new snapshot past this size (minutes of the inbound bench at 100 msgs/s). */
const COMPACT_BYTES = 16 * 1024 * 1024;
const SNAPSHOT = 'snapshot.json';
const journalFile = (gen: number) => `journal-${gen}.ndjson`;

type Entry =
  | { o: 'put'; q: string; m: FauxqsMessage }
  | { o: 'recv'; id: string; rh: string; dl: number; n: number; f?: number }
  | { o: 'vis'; id: string; dl: number }
  | { o: 'del'; id: string }
  | { o: 'dedup'; q: string; d: string; id: string; seq: string; at: number }
  | { o: 'purge'; q: string };

interface Live {
  q: string;
  m: FauxqsMessage;
  /** While in flight: its receipt handle and visibility deadline. */
  rh?: string;
  dl?: number;
}
interface Dedup {
  q: string;
  d: string;
  id: string;
  seq: string;
  at: number;
}
interface Snapshot {
  gen: number;
  messages: Live[];
  dedup: Dedup[];
}

/** What the queues hold: messages in the order they were put, dedup ids by queue and id. */
class QueueState {
  readonly messages = new Map<string, Live>();
  readonly dedup = new Map<string, Dedup>();

  apply(entry: Entry): void {
    switch (entry.o) {
      case 'put': // sent, or moved to its dead-letter queue: last in its (new) queue's order
        this.messages.delete(entry.m.messageId);
        this.messages.set(entry.m.messageId, { q: entry.q, m: entry.m });
        return;
      case 'recv': {
        const live = this.messages.get(entry.id);
        if (!live) return;
        Object.assign(live, { rh: entry.rh, dl: entry.dl });
        live.m.approximateReceiveCount = entry.n;
        if (entry.f) live.m.approximateFirstReceiveTimestamp = entry.f;
        return;
      }
      case 'vis': {
        const live = this.messages.get(entry.id);
        if (live) live.dl = entry.dl;
        return;
      }
      case 'del':
        this.messages.delete(entry.id);
        return;
      case 'dedup':
        this.dedup.set(`${entry.q}\u0000${entry.d}`, { q: entry.q, d: entry.d, id: entry.id, seq: entry.seq, at: entry.at });
        return;
      case 'purge':
        for (const [id, live] of this.messages) if (live.q === entry.q) this.messages.delete(id);
        return;
    }
  }

  snapshot(gen: number, now: number): Snapshot {
    return {
      gen,
      messages: [...this.messages.values()],
      dedup: [...this.dedup.values()].filter((d) => d.at + DEDUP_WINDOW_MS > now),
    };
  }
}

export interface SqsJournal {
  /** Entries written since the emulator started (tests, benches). */
  readonly written: number;
  close(): void;
}

/**
 * Makes `store` durable in `dir`: queues created from now on get back what the folder holds for their
 * name, and record every change. Call before any queue is created.
 */
export function makeDurable(store: FauxqsStore, dir: string, compactBytes = COMPACT_BYTES): SqsJournal {
  mkdirSync(dir, { recursive: true });
  const state = new QueueState();
  let gen = recover(dir, state);
  let fd = -1;
  let bytes = 0;
  let written = 0;
  const compact = () => {
    gen += 1;
    writeFileSync(join(dir, `${SNAPSHOT}.tmp`), JSON.stringify(state.snapshot(gen, Date.now())));
    renameSync(join(dir, `${SNAPSHOT}.tmp`), join(dir, SNAPSHOT));
    if (fd >= 0) closeSync(fd);
    fd = openSync(join(dir, journalFile(gen)), 'a');
    bytes = 0;
    for (const file of readdirSync(dir))
      if (file.startsWith('journal-') && file !== journalFile(gen)) rmSync(join(dir, file), { force: true });
  };
  const record = (entry: Entry) => {
    state.apply(entry);
    const line = `${JSON.stringify(entry)}\n`;
    bytes += writeSync(fd, line);
    written += 1;
    if (bytes > compactBytes) compact();
  };
  compact();

  const createQueue = store.createQueue.bind(store);
  store.createQueue = (name, ...rest) => {
    const queue = createQueue(name, ...rest);
    restore(queue, state, Date.now());
    instrument(queue, record);
    return queue;
  };
  return {
    get written() {
      return written;
    },
    close() {
      if (fd >= 0) closeSync(fd);
      fd = -1;
    },
  };
}

/** Reads the snapshot and replays its journal into `state`; answers the snapshot's generation. */
function recover(dir: string, state: QueueState): number {
  const snapshotPath = join(dir, SNAPSHOT);
  const snapshot: Snapshot = existsSync(snapshotPath)
    ? (JSON.parse(readFileSync(snapshotPath, 'utf8')) as Snapshot)
    : { gen: 0, messages: [], dedup: [] };
  for (const live of snapshot.messages) state.messages.set(live.m.messageId, live);
  for (const d of snapshot.dedup) state.dedup.set(`${d.q}\u0000${d.d}`, d);
  const journal = join(dir, journalFile(snapshot.gen));
  if (existsSync(journal)) {
    for (const line of readFileSync(journal, 'utf8').split('\n')) {
      if (!line) continue;
      let entry: Entry;
      try {
        entry = JSON.parse(line) as Entry;
      } catch {
        continue; // the last line, cut off by a kill mid-write
      }
      state.apply(entry);
    }
  }
  return snapshot.gen;
}

/** Gives a freshly created queue what the state holds for its name (no journal entries: nothing changed). */
function restore(queue: FauxqsQueue, state: QueueState, now: number): void {
  const fifo = queue.isFifo();
  const push = (groups: Map<string, FauxqsMessage[]>, m: FauxqsMessage) => {
    const group = m.messageGroupId ?? '__default';
    groups.set(group, [...(groups.get(group) ?? []), m]);
  };
  for (const live of state.messages.values()) {
    if (live.q !== queue.name) continue;
    const m = live.m;
    queue.sequenceCounter = Math.max(queue.sequenceCounter, Number(m.sequenceNumber ?? 0));
    if (live.rh && live.dl !== undefined && live.dl > now) {
      queue.inflightMessages.set(live.rh, { message: m, receiptHandle: live.rh, visibilityDeadline: live.dl });
      if (fifo) {
        const group = m.messageGroupId ?? '__default';
        queue.fifoLockedGroups.set(group, (queue.fifoLockedGroups.get(group) ?? 0) + 1);
      }
    } else if (m.delayUntil && m.delayUntil > now) {
      if (fifo) push(queue.fifoDelayed, m);
      else queue.delayedMessages.push(m);
    } else if (fifo) push(queue.fifoMessages, m);
    else queue.messages.push(m);
  }
  for (const d of state.dedup.values()) {
    if (d.q !== queue.name || d.at + DEDUP_WINDOW_MS <= now) continue;
    queue.deduplicationCache.set(d.d, { messageId: d.id, sequenceNumber: d.seq });
    const item = queue.deduplicationCache.items.get(d.d);
    if (item) item.expiry = d.at + DEDUP_WINDOW_MS; // the window counts from the first send, not the restart
    queue.sequenceCounter = Math.max(queue.sequenceCounter, Number(d.seq));
  }
}

/** Wraps the queue's changing methods so each change is recorded after fauxqs made it. */
function instrument(queue: FauxqsQueue, record: (entry: Entry) => void): void {
  const q = queue.name;
  const { enqueue, dequeue, deleteMessage, changeVisibility, recordDeduplication, purge } = queue;
  queue.enqueue = (m) => {
    enqueue.call(queue, m);
    record({ o: 'put', q, m });
  };
  queue.dequeue = (...args) => {
    const received = dequeue.apply(queue, args);
    for (const r of received) {
      const entry = queue.inflightMessages.get(r.ReceiptHandle);
      if (!entry) continue;
      const m = entry.message;
      record({
        o: 'recv',
        id: m.messageId,
        rh: r.ReceiptHandle,
        dl: entry.visibilityDeadline,
        n: m.approximateReceiveCount,
        f: m.approximateFirstReceiveTimestamp,
      });
    }
    return received;
  };
  queue.deleteMessage = (receiptHandle) => {
    const entry = queue.inflightMessages.get(receiptHandle);
    const deleted = deleteMessage.call(queue, receiptHandle);
    if (entry && deleted) record({ o: 'del', id: entry.message.messageId });
    return deleted;
  };
  queue.changeVisibility = (receiptHandle, seconds) => {
    const entry = queue.inflightMessages.get(receiptHandle);
    changeVisibility.call(queue, receiptHandle, seconds);
    if (entry) record({ o: 'vis', id: entry.message.messageId, dl: seconds === 0 ? 0 : entry.visibilityDeadline });
  };
  queue.recordDeduplication = (d, id, seq) => {
    recordDeduplication.call(queue, d, id, seq);
    record({ o: 'dedup', q, d, id, seq, at: Date.now() });
  };
  queue.purge = () => {
    purge.call(queue);
    record({ o: 'purge', q });
  };
}
