/**
 * The registry of simulated phones of one host process, one per connection the simulator adapter
 * has seen. The control API and the simulator adapters share it.
 */
import type { MediaStore } from '../../media/media-store';
import type { Logger } from '../../logger';
import { SimulatedPhone } from './simulated-phone';
import type { SimulatorPersistence } from './simulator-persistence';
import { DEFAULT_SIMULATOR_TIMING, type SimulatorTiming } from './simulator-types';

export interface SimulatorWorldOptions {
  media: MediaStore;
  log: Logger;
  persistence?: SimulatorPersistence;
  timing?: Partial<SimulatorTiming>;
  /** The host's inbound file limit (HostConfig.maxInboundMediaBytes); the simulated WhatsApp applies it too. */
  maxInboundMediaBytes?: number;
}

export class SimulatorWorld {
  readonly timing: SimulatorTiming;
  readonly maxInboundMediaBytes: number;
  private readonly phones = new Map<string, SimulatedPhone>();

  constructor(private readonly options: SimulatorWorldOptions) {
    this.timing = { ...DEFAULT_SIMULATOR_TIMING, ...options.timing };
    this.maxInboundMediaBytes = options.maxInboundMediaBytes ?? 100 * 1024 * 1024;
  }

  phone(companyId: string, connectionId: string): SimulatedPhone {
    let phone = this.phones.get(connectionId);
    if (!phone) {
      phone = new SimulatedPhone(companyId, connectionId, {
        media: this.options.media,
        maxInboundMediaBytes: this.maxInboundMediaBytes,
        persistence: this.options.persistence,
        timing: this.timing,
        log: this.options.log,
      });
      this.phones.set(connectionId, phone);
    }
    return phone;
  }

  find(connectionId: string): SimulatedPhone | undefined {
    return this.phones.get(connectionId);
  }

  list(): SimulatedPhone[] {
    return [...this.phones.values()];
  }

  dispose(): void {
    for (const phone of this.phones.values()) phone.dispose();
  }
}
