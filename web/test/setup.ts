import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setRuntimeConfig } from '@/lib/config';
import { loadShellTexts } from '@/lib/i18n';

// The console loads Amplify with its first request; load it once here so no test pays for it inside a findBy timeout.
await Promise.all([import('aws-amplify'), import('aws-amplify/api')]);
// The shell's error and validation texts, which the app loads after the first paint (lib/i18n.ts BOOT_TEXTS).
await loadShellTexts();

setRuntimeConfig({ apiUrl: 'http://api.test/api', wsUrl: 'ws://api.test/ws', localMode: false });

// jsdom lacks these; Chakra's overlays and next-themes look for them (node-environment tests have no window).
const browser = typeof window !== 'undefined';
if (browser && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
if (browser && !('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
  Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
}
if (browser) window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => cleanup());
