import { SEARCH_DEBOUNCE_MS } from '@atende/shared';
import { useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/**
 * A list page's search box: what is typed (`input`) and the trimmed text the list is asked for
 * (`search`), once typing stopped for 500 ms (spec part 1 §9).
 */
export function useDebouncedSearch() {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  return { input, setInput, search };
}
