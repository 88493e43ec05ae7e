import type { AdapterEvent, ChannelAdapter } from '../../src/adapters/channel-adapter';

/** Records an adapter's events; `waitFor` looks at events from `from` on (default: all). */
export class EventRecorder {
  readonly events: AdapterEvent[] = [];
  private waiters: (() => void)[] = [];

  constructor(adapter: ChannelAdapter) {
    adapter.onEvent((event) => {
      this.events.push(event);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  mark(): number {
    return this.events.length;
  }

  of<T extends AdapterEvent['type']>(type: T, from = 0): Extract<AdapterEvent, { type: T }>[] {
    return this.events.slice(from).filter((e) => e.type === type) as Extract<AdapterEvent, { type: T }>[];
  }

  async waitFor<T extends AdapterEvent['type']>(
    type: T,
    test: (e: Extract<AdapterEvent, { type: T }>) => boolean = () => true,
    from = 0,
    timeoutMs = 5_000,
  ): Promise<Extract<AdapterEvent, { type: T }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.of(type, from).find(test);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no ${type} event within ${timeoutMs} ms; saw ${this.events
            .slice(from)
            .map((e) => e.type)
            .join(', ')}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}
