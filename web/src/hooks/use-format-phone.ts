import { useCallback, useSyncExternalStore } from 'react';
import { formatPhoneWith, type PhoneParser } from '@/lib/phone-format';

let parser: PhoneParser | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

function load(): Promise<void> {
  loading ??= import('libphonenumber-js/min').then(
    (loaded) => {
      parser = loaded.parsePhoneNumberFromString;
      listeners.forEach((listener) => listener());
    },
    () => {
      loading = undefined; // a failed fetch (a deploy replaced the chunk, the network dropped) is tried again by the next screen
    },
  );
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void load();
  return () => listeners.delete(listener);
}

/**
 * `formatPhone` for screens of the first load (the tickets list): numbers show as stored until
 * libphonenumber's metadata (~28 KB gzip) arrives, fetched when the first such screen mounts, then
 * masked (issue 28). Elsewhere `formatPhone` from lib/phone.ts formats at once.
 */
export function useFormatPhone(): (value: string | null | undefined) => string {
  const parse = useSyncExternalStore(subscribe, () => parser);
  return useCallback((value) => formatPhoneWith(parse, value), [parse]);
}

/** Resolves once the metadata is in (tests, and anyone who wants the masked text at once). */
export const phoneFormatReady = (): Promise<void> => load();
