import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setRuntimeConfig } from '@/lib/config';
import '@/lib/i18n';

setRuntimeConfig({ apiUrl: 'http://api.test/api', wsUrl: 'ws://api.test/ws', localMode: false });

// jsdom lacks these; Chakra's overlays and next-themes look for them.
if (!window.matchMedia) {
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
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
  Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
}
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => cleanup());
