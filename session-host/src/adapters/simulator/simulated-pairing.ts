/**
 * A device without credentials being paired with the simulated business phone: QR codes that rotate
 * until someone scans one or the attempts run out, or the pairing code the device asked for, typed
 * on the phone. One per phone; the phone decides when pairing may start (its network is up).
 */
import { randomBytes } from 'node:crypto';
import { newPairingCode, pairingCodeMatches } from './simulated-server-rules';
import { SimulatorError, type SimDevice, type SimulatorTiming } from './simulator-types';

export class SimulatedPairing {
  qr: string | null = null;
  /** The pairing code the device asked for (shown in the console), while it waits to be typed on the phone. */
  code: string | null = null;
  /** The device being paired. */
  device: SimDevice | null = null;
  private attempt = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly connectionId: string,
    private readonly timing: SimulatorTiming,
  ) {}

  get awaitingScan(): boolean {
    return this.device !== null && this.qr !== null;
  }

  /** Shows the device QR codes until someone scans or it times out. */
  start(device: SimDevice): void {
    this.cancel();
    this.device = device;
    this.attempt = 0;
    this.rotate();
  }

  /** The code to show in the console (Baileys' requestPairingCode). */
  codeFor(device: SimDevice): string {
    if (this.device !== device) throw new SimulatorError('CONFLICT', 'this device is not pairing');
    this.code ??= newPairingCode();
    return this.code;
  }

  /** Refuses a typed code unless it is the one the device asked for. */
  checkCode(code: string): void {
    if (!this.device || !this.code)
      throw new SimulatorError('CONFLICT', 'this connection is not waiting for a pairing code');
    if (!pairingCodeMatches(this.code, code)) throw new SimulatorError('BAD_REQUEST', 'wrong pairing code');
  }

  /** Someone scanned (or typed the code): the device that was pairing, pairing over. */
  take(): SimDevice {
    const device = this.device;
    if (!device) throw new SimulatorError('CONFLICT', 'this connection is not showing a QR code');
    this.cancel();
    return device;
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.device = null;
    this.qr = null;
    this.code = null;
  }

  private rotate(): void {
    const device = this.device;
    if (!device) return;
    if (this.attempt >= this.timing.qrMaxAttempts) {
      this.cancel();
      device.qrTimedOut();
      return;
    }
    this.attempt += 1;
    this.qr = `2@SIM${randomBytes(24).toString('base64url')},${this.connectionId},${this.attempt}`;
    device.showQr(this.qr);
    this.timer = setTimeout(() => this.rotate(), this.timing.qrRefreshMs);
  }
}
