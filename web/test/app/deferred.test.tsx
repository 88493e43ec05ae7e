import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, type StandInProps } from '@/app/layout/deferred';

const opened = vi.fn();
function Real({ label }: { label: string }) {
  return <button type="button" onClick={() => opened(label)}>{`real ${label}`}</button>;
}
function StandIn({ label, onReach }: { label: string } & StandInProps) {
  return (
    <span data-testid="stand-in" onPointerEnter={() => onReach()} onPointerDown={() => onReach(true)}>
      {`stand-in ${label}`}
    </span>
  );
}

describe("the shell's deferred parts (issue 28: loaded after the first paint)", () => {
  afterEach(() => {
    cleanup(); // before the idle callbacks are unstubbed: unmounting cancels one
    vi.unstubAllGlobals();
  });

  it('shows the stand-in first and fetches the real part only once the page is idle', async () => {
    let idle: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (task: () => void) => ((idle = task), 1));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const load = vi.fn(async () => Real);
    const Part = deferred(load, StandIn);
    render(<Part label="bell" />);
    expect(screen.getByTestId('stand-in').textContent).toBe('stand-in bell');
    expect(load).not.toHaveBeenCalled();
    act(() => idle!());
    expect(await screen.findByRole('button', { name: 'real bell' })).toBeTruthy();
    expect(screen.queryByTestId('stand-in')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fetches it at once when the user points at the stand-in before the page is idle', async () => {
    vi.stubGlobal('requestIdleCallback', () => 1); // never idle
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const load = vi.fn(async () => Real);
    const Part = deferred(load, StandIn);
    render(<Part label="chats" />);
    fireEvent.pointerEnter(screen.getByTestId('stand-in'));
    expect(await screen.findByRole('button', { name: 'real chats' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('opens the real part when it arrives after the user pressed the stand-in (a press is not lost)', async () => {
    vi.stubGlobal('requestIdleCallback', () => 1); // never idle
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    opened.mockClear();
    const Part = deferred(async () => Real, StandIn);
    render(<Part label="bell" />);
    fireEvent.pointerDown(screen.getByTestId('stand-in'));
    await screen.findByRole('button', { name: 'real bell' });
    expect(opened).toHaveBeenCalledExactlyOnceWith('bell');
  });

  it('does not open it when the user only pointed at the stand-in', async () => {
    vi.stubGlobal('requestIdleCallback', () => 1);
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    opened.mockClear();
    const Part = deferred(async () => Real, StandIn);
    render(<Part label="chats" />);
    fireEvent.pointerEnter(screen.getByTestId('stand-in'));
    await screen.findByRole('button', { name: 'real chats' });
    expect(opened).not.toHaveBeenCalled();
  });
});
