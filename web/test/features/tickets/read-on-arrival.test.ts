import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const fetchMessages = vi.fn();
vi.mock('@/features/tickets/api/messages', () => ({ fetchMessages: (...args: unknown[]) => fetchMessages(...args) }));

const { READ_GATHER_MS, useReadOnArrival } = await import('@/features/tickets/hooks/use-read-on-arrival');

describe('useReadOnArrival', () => {
  let finishRead: (() => void)[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    finishRead = [];
    fetchMessages.mockReset();
    fetchMessages.mockImplementation(() => new Promise<void>((resolve) => finishRead.push(resolve)));
  });
  afterEach(() => vi.useRealTimers());

  it('gathers a burst of arrivals into one page-1 read', async () => {
    const { result } = renderHook(() => useReadOnArrival('t1'));
    for (let i = 0; i < 30; i++) result.current();
    expect(fetchMessages).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(READ_GATHER_MS);

    expect(fetchMessages).toHaveBeenCalledTimes(1);
    expect(fetchMessages).toHaveBeenCalledWith('t1', expect.objectContaining({ pageNumber: 1 }));
  });

  it('reads once more after a read during which messages arrived, never two at once', async () => {
    const { result } = renderHook(() => useReadOnArrival('t1'));
    result.current();
    await vi.advanceTimersByTimeAsync(READ_GATHER_MS);
    for (let i = 0; i < 10; i++) result.current(); // arrive while the first read is in flight
    await vi.advanceTimersByTimeAsync(READ_GATHER_MS * 3);
    expect(fetchMessages).toHaveBeenCalledTimes(1);

    finishRead[0]!();
    await vi.advanceTimersByTimeAsync(READ_GATHER_MS);

    expect(fetchMessages).toHaveBeenCalledTimes(2);
    finishRead[1]!();
    await vi.advanceTimersByTimeAsync(READ_GATHER_MS * 3);
    expect(fetchMessages).toHaveBeenCalledTimes(2);
  });

  it('a failed read does not stop the next arrivals from being read', async () => {
    fetchMessages.mockRejectedValueOnce(new Error('offline'));
    const { result } = renderHook(() => useReadOnArrival('t1'));
    result.current();
    await vi.advanceTimersByTimeAsync(READ_GATHER_MS);
    result.current();
    await vi.advanceTimersByTimeAsync(READ_GATHER_MS);

    expect(fetchMessages).toHaveBeenCalledTimes(2);
  });

  it('reads nothing once the ticket left the screen', async () => {
    const { result, unmount } = renderHook(() => useReadOnArrival('t1'));
    const arrive = result.current;
    unmount();
    arrive();
    await vi.advanceTimersByTimeAsync(READ_GATHER_MS * 2);

    expect(fetchMessages).not.toHaveBeenCalled();
  });
});
