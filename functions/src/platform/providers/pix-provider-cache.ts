/**
 * The Pix provider pix-provider-factory.ts built last, kept a minute; the gateway panels
 * (domain/platform-settings) forget it when they change its settings. A module of its own so that
 * forgetting it does not bring the providers (Efí's client, the sandbox's QR code and PNG encoders,
 * ~60 KB) into the platform-settings bundle.
 */
import type { PixProvider } from './pix-provider';

const CACHE_MS = 60_000;
let cached: { provider: PixProvider; until: number } | undefined;

export function cachedPixProvider(): PixProvider | undefined {
  return cached && cached.until > Date.now() ? cached.provider : undefined;
}

export function rememberPixProvider(provider: PixProvider): void {
  cached = { provider, until: Date.now() + CACHE_MS };
}

/** After a super user changes the gateway settings. */
export function forgetPixProvider(): void {
  cached = undefined;
}
