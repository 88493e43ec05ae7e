import { act, renderHook } from '@testing-library/react';
import { SEARCH_DEBOUNCE_MS } from '@atende/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedSearch } from '@/hooks/use-debounced-search';

afterEach(() => {
  vi.useRealTimers();
});

describe('useDebouncedSearch', () => {
  it('keeps what is typed and searches the trimmed text once typing stops for 500 ms', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useDebouncedSearch());
    act(() => result.current.setInput('  ana '));
    expect(result.current.input).toBe('  ana ');
    expect(result.current.search).toBe('');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(result.current.search).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.search).toBe('ana');
  });
});
