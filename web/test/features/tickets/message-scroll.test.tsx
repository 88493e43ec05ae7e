/**
 * Issue 30 item 5: a conversation opens at its newest message and stays pinned there while its
 * media loads, unless the reader scrolled up. jsdom has no layout, so the list gets a small one:
 * each row is as tall as the test says (an image that loads makes its row taller), the content is
 * as tall as the virtualizer lays it out, and scrollTop is clamped as a browser clamps it. Resize
 * observers are fired by hand, as a browser fires them when a row's height changes.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { upsertMessageInCache } from '@/features/tickets/api/messages';
import { MessageList } from '@/features/tickets/components/conversation/message-list';
import { TicketView } from '@/features/tickets/components/conversation/ticket-view';
import { fakeTicketsApi, message, ok, renderAt, signInAs, ticket, type ApiCall } from './support';

vi.mock('@/lib/realtime', () => import('./realtime-mock'));

/** A whole conversation renders here; under a loaded CI machine that takes more than findBy's default second. */
const LIVE = { timeout: 10_000 };
const VIEWPORT = 800; // support.tsx gives every element this clientHeight
/** Row heights the "browser" lays out, by the row's text; a row not listed is as tall as estimated. */
const grown = new Map<string, number>();
const tops = new WeakMap<Element, number>();
const isList = (el: Element) => el.getAttribute('data-testid') === 'message-list';
const native = {
  scrollTop: Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop')!,
  scrollHeight: Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight')!,
  offsetHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')!,
  resizeObserver: globalThis.ResizeObserver,
};

const rowHeight = (row: Element) =>
  [...grown].find(([text]) => row.textContent?.includes(text))?.[1] ??
  (row.querySelector('[data-testid="day-separator"]') ? 36 : 64);
const contentHeight = (list: Element) =>
  parseFloat((list.querySelector('[data-testid="message-list-content"]') as HTMLElement | null)?.style.height ?? '0');

/** Observers by target, so a test can say "this element changed size". */
const observers: { callback: ResizeObserverCallback; targets: Set<Element> }[] = [];
class ResizeObserverProbe {
  private entry: { callback: ResizeObserverCallback; targets: Set<Element> };
  constructor(callback: ResizeObserverCallback) {
    this.entry = { callback, targets: new Set() };
    observers.push(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.add(target);
  }
  unobserve(target: Element) {
    this.entry.targets.delete(target);
  }
  disconnect() {
    this.entry.targets.clear();
  }
}
const resized = (target: Element, blockSize: number) =>
  act(() => {
    const entry = { target, borderBoxSize: [{ blockSize, inlineSize: 600 }] } as unknown as ResizeObserverEntry;
    for (const { callback } of observers.filter((o) => o.targets.has(target))) callback([entry], {} as ResizeObserver);
  });

/** The image in the row showing `text` arrived: the row grows, then the content holding it. */
function mediaLoaded(text: string, height: number) {
  grown.set(text, height);
  const row = screen.getByText(text).closest('[data-index]')!;
  resized(row, height);
  const content = screen.getByTestId('message-list-content');
  resized(content, contentHeight(list()));
}

const list = () => screen.getByTestId('message-list');
const listTop = () => list().scrollTop;
const bottom = () => contentHeight(list()) - VIEWPORT;
function readerScrollsTo(top: number) {
  list().scrollTop = top;
  fireEvent.scroll(list());
}

const at = (minute: number) => `2026-11-23T10:${String(minute).padStart(2, '0')}:00.000Z`;
const conversation = (ticketId: string) =>
  Array.from({ length: 30 }, (_, i) => message({ id: `m${i + 10}`, ticketId, body: `mensagem ${i}`, createdAt: at(i) }));
function messagesApi(ticketId: string, extra?: (call: ApiCall) => ReturnType<typeof ok> | undefined) {
  return fakeTicketsApi((call) =>
    call.path === `/messages/${ticketId}`
      ? ok({ messages: conversation(ticketId), count: 30, hasMore: false })
      : extra?.(call),
  );
}
/** Opened and settled at the bottom (36 px day separator + 30 rows of 64 px = 1956 px). */
async function openConversation() {
  await screen.findByText('mensagem 29', undefined, LIVE);
  await waitFor(() => expect(bottom()).toBe(1_956 - VIEWPORT), LIVE);
  await waitFor(() => expect(listTop()).toBe(bottom()), LIVE);
}

beforeEach(() => {
  grown.clear();
  observers.length = 0;
  Object.assign(globalThis, { ResizeObserver: ResizeObserverProbe });
  Object.assign(window, { ResizeObserver: ResizeObserverProbe });
  Object.defineProperty(Element.prototype, 'scrollHeight', {
    configurable: true,
    get(this: Element) {
      return isList(this) ? contentHeight(this) : native.scrollHeight.get!.call(this);
    },
  });
  Object.defineProperty(Element.prototype, 'scrollTop', {
    configurable: true,
    get(this: Element) {
      return isList(this) ? (tops.get(this) ?? 0) : native.scrollTop.get!.call(this);
    },
    set(this: Element, value: number) {
      if (!isList(this)) return native.scrollTop.set!.call(this, value);
      const top = Math.max(0, Math.min(value, contentHeight(this) - VIEWPORT));
      if (top === (tops.get(this) ?? 0)) return;
      tops.set(this, top);
      // A browser tells the page a moment later, as one scroll event.
      setTimeout(() => this.dispatchEvent(new Event('scroll')), 0);
    },
  });
  // The virtualizer measures a row by its offsetHeight.
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      if (this.hasAttribute('data-index')) return rowHeight(this);
      return isList(this) ? VIEWPORT : native.offsetHeight.get!.call(this);
    },
  });
  // The virtualizer scrolls with element.scrollTo, which jsdom lacks.
  Element.prototype.scrollTo = function (this: Element, options?: ScrollToOptions | number) {
    if (typeof options === 'object' && options.top !== undefined) this.scrollTop = options.top;
  } as Element['scrollTo'];
});
afterEach(() => {
  Object.defineProperty(Element.prototype, 'scrollHeight', native.scrollHeight);
  Object.defineProperty(Element.prototype, 'scrollTop', native.scrollTop);
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', native.offsetHeight);
  delete (Element.prototype as Partial<Element>).scrollTo;
  Object.assign(globalThis, { ResizeObserver: native.resizeObserver });
  Object.assign(window, { ResizeObserver: native.resizeObserver });
  vi.unstubAllGlobals();
});

describe('a conversation opens at its newest message and stays there (issue 30 item 5)', () => {
  it('a closed ticket opens at the bottom', async () => {
    signInAs({ id: 'u1', profile: 'admin' });
    const closed = ticket({ id: 't7', status: 'closed' });
    messagesApi(closed.id, (call) => (call.path === `/tickets/u/${closed.uuid}` ? ok(closed) : undefined));
    renderAt(<TicketView uuid={closed.uuid} />, `/tickets/${closed.uuid}`);

    await openConversation();
  });

  it('opens at the bottom again when its messages are already cached (a resolved ticket reopened from the Closed tab)', async () => {
    signInAs();
    messagesApi('t1');
    // The console renders in StrictMode: a remount runs every layout effect twice.
    function Workspace() {
      const [shown, setShown] = useState(true);
      return (
        <>
          <button onClick={() => setShown((now) => !now)}>alternar</button>
          {shown ? (
            <StrictMode>
              <MessageList ticketId="t1" />
            </StrictMode>
          ) : null}
        </>
      );
    }
    renderAt(<Workspace />);
    await openConversation();

    fireEvent.click(screen.getByText('alternar'));
    fireEvent.click(screen.getByText('alternar'));

    await openConversation();
  }, 40_000); // two openings

  it('stays at the bottom while an image loads after the first scroll (a reload of an open ticket)', async () => {
    signInAs();
    messagesApi('t1');
    renderAt(<MessageList ticketId="t1" />);
    await openConversation();

    mediaLoaded('mensagem 29', 64 + 450);

    expect(bottom()).toBe(1_956 + 450 - VIEWPORT);
    await waitFor(() => expect(listTop()).toBe(bottom()), LIVE);
  });

  it('leaves a reader who scrolled up where they are, and pins again once they are back at the bottom', async () => {
    signInAs();
    messagesApi('t1');
    renderAt(<MessageList ticketId="t1" />);
    await openConversation();

    readerScrollsTo(600);
    mediaLoaded('mensagem 29', 64 + 450);
    expect(listTop()).toBe(600);

    readerScrollsTo(bottom());
    mediaLoaded('mensagem 28', 64 + 300);
    await waitFor(() => expect(listTop()).toBe(1_956 + 450 + 300 - VIEWPORT), LIVE);
  });

  it("a customer's new message is followed only at the bottom; the reader's own always", async () => {
    signInAs();
    messagesApi('t1');
    const { queryClient } = renderAt(<MessageList ticketId="t1" />);
    await openConversation();

    act(() => upsertMessageInCache(queryClient, message({ id: 'n1', body: 'chegou agora', createdAt: at(40) })));
    await screen.findByText('chegou agora', undefined, LIVE);
    await waitFor(() => expect(listTop()).toBe(bottom()), LIVE);

    readerScrollsTo(600);
    act(() => upsertMessageInCache(queryClient, message({ id: 'n2', body: 'do cliente', createdAt: at(41) })));
    await screen.findByText('do cliente', undefined, LIVE);
    expect(listTop()).toBe(600);

    act(() => upsertMessageInCache(queryClient, message({ id: 'n3', fromMe: true, body: 'minha', createdAt: at(42) })));
    await screen.findByText('minha', undefined, LIVE);
    await waitFor(() => expect(listTop()).toBe(bottom()), LIVE);
  });
});
