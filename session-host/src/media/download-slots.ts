/**
 * How many inbound files one host downloads at once, over all its connections (issue 29: the per
 * connection limit alone lets a host with hundreds of connections stream hundreds of files at once
 * after a mass reconnect's offline burst). A counting semaphore: a freed slot goes straight to the
 * next waiter, so the limit holds even when newcomers arrive at the same moment.
 */
export const DEFAULT_HOST_DOWNLOADS = 8;

export class DownloadSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number = DEFAULT_HOST_DOWNLOADS) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`download slots must be a positive integer, got ${limit}`);
  }

  /** Downloads running now (health, tests). */
  get active(): number {
    return this.running;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.limit) this.running += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve)); // the slot is handed over
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
