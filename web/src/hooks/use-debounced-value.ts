import { useEffect, useState } from 'react';

/** `value`, but only after it stopped changing for `delayMs` (search boxes: 500 ms, spec part 1 §9). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
