import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { usePaintedIdle } from '@/lib/after-first-paint';

/**
 * What a stand-in gets: call `onReach` when the user points at or focuses it, and `onReach(true)`
 * when the user presses it (the real part then opens itself once it has arrived).
 */
export interface StandInProps {
  onReach: (pressed?: boolean) => void;
}

/** Presses the real part's trigger once it is on the page, when the user pressed its stand-in. */
function PressWhenMounted({ pressed, children }: { pressed: boolean; children: ReactNode }) {
  const box = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    // `pressed` is only ever set before the real part arrives (the stand-in is gone after), so this runs on arrival.
    if (pressed) box.current?.querySelector<HTMLElement>('button, [role="button"]')?.click();
  }, [pressed]);
  return (
    <span ref={box} style={{ display: 'contents' }}>
      {children}
    </span>
  );
}

/**
 * A part of the shell no one uses before the page has painted (the top bar's popovers and account
 * menu, the collapsed side menu's tooltips): its code is fetched once the page is idle, or as soon
 * as the user reaches for its stand-in, which looks like it and is rendered until then (issue 28,
 * decisions.md "Tickets screen first load: the shell's popups after the first paint"). A press on
 * the stand-in is not lost: the real part opens when it arrives.
 */
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  StandIn: ComponentType<P & StandInProps>,
): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function Deferred(props: P) {
    const idle = usePaintedIdle();
    const [reached, setReached] = useState(false);
    const [pressed, setPressed] = useState(false);
    const onReach = (press?: boolean) => {
      setReached(true);
      if (press) setPressed(true);
    };
    const standIn = <StandIn {...props} onReach={onReach} />;
    if (!idle && !reached) return standIn;
    return (
      <Suspense fallback={standIn}>
        <PressWhenMounted pressed={pressed}>
          <Loaded {...props} />
        </PressWhenMounted>
      </Suspense>
    );
  };
}
