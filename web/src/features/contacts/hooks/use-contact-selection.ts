import type { ContactDto } from '@atende/shared';
import { useCallback, useMemo, useState } from 'react';

/**
 * Select mode of the contacts page (spec part 3: bulk delete and bulk export): off (`null`) or the
 * chosen contacts by id. The chosen records are kept, so an export needs no second read.
 */
export function useContactSelection(visible: ContactDto[]) {
  const [chosen, setChosen] = useState<Map<string, ContactDto> | null>(null);
  const ids = useMemo(() => (chosen ? new Set(chosen.keys()) : null), [chosen]);

  const toggle = useCallback(
    (id: string) =>
      setChosen((current) => {
        if (!current) return current;
        const next = new Map(current);
        const contact = visible.find((c) => c.id === id);
        if (next.has(id)) next.delete(id);
        else if (contact) next.set(id, contact);
        return next;
      }),
    [visible],
  );
  const toggleAll = useCallback(
    () =>
      setChosen((current) => {
        if (!current) return current;
        const all = visible.length > 0 && visible.every((c) => current.has(c.id));
        return all ? new Map() : new Map(visible.map((c) => [c.id, c]));
      }),
    [visible],
  );

  return {
    active: chosen !== null,
    ids,
    chosen: useMemo(() => [...(chosen?.values() ?? [])], [chosen]),
    start: useCallback(() => setChosen((current) => current ?? new Map()), []),
    stop: useCallback(() => setChosen(null), []),
    /** Drops deleted contacts from the choice. */
    forget: useCallback(
      (gone: string[]) =>
        setChosen((current) => {
          if (!current) return current;
          const next = new Map(current);
          for (const id of gone) next.delete(id);
          return next;
        }),
      [],
    ),
    toggle,
    toggleAll,
  };
}
