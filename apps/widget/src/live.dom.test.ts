import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicApartment, PublicView } from '@planvy/shared/public-view';
import { liveEventSchemas, type LiveEventName, type LiveEvents } from '@planvy/shared/live-events';
import { startLive } from './live';
import { createWidget } from './widget';

/** A stand-in for the browser's EventSource: the test dispatches what the server would send. */
class FakeSource extends EventTarget {
  static CLOSED = 2;
  static last: FakeSource;
  readyState = 0;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    super();
    FakeSource.last = this;
  }
  /** Sends what the server would: the event's data must match the stream's contract. */
  send<E extends LiveEventName>(type: E, data: LiveEvents[E]) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(liveEventSchemas[type].parse(data)) }));
  }
  fail(closed = false) {
    if (closed) this.readyState = FakeSource.CLOSED;
    this.onerror?.();
  }
  close() {
    this.readyState = FakeSource.CLOSED;
  }
}

const apartment = (id: number, status: string) =>
  ({
    id,
    bostad: String(1000 + id),
    rooms: '2',
    status,
    inactive: false,
    price: 100,
    fee: 10,
  }) as PublicApartment;
const view = (statuses: string[]) =>
  ({
    project: { id: 7, name: 'P', type: 'sale' },
    settings: {},
    styles: [],
    plans: [],
    apartments: statuses.map((s, i) => apartment(i + 1, s)),
    sun_study: [],
  }) as unknown as PublicView;

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.stubGlobal('EventSource', FakeSource);
  vi.stubGlobal('requestAnimationFrame', (fn: () => void) => fn());
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.textContent = '';
});

function start(first = view(['sale', 'sale'])) {
  const shown: PublicView[] = [];
  startLive(first, createWidget(first, 'sv'), (v) => shown.push(v));
  return shown;
}

describe('startLive', () => {
  it('applies an apartments event, keeps unchanged apartments as they were, and announces it', () => {
    const first = view(['sale', 'sale']);
    const shown = start(first);
    expect(FakeSource.last.url).toBe('/api/v1/public/view/7/events');
    FakeSource.last.send('apartments', {
      apartments: [{ id: 1, status: 'sold', inactive: false, price: 100, fee: 10 }],
    });
    expect(shown).toHaveLength(1);
    expect(shown[0]!.apartments.map((a) => a.status)).toEqual(['sold', 'sale']);
    expect(shown[0]!.apartments[1]).toBe(first.apartments[1]);
    expect(document.querySelector('[aria-live="polite"]')?.textContent).toMatch(
      /^Uppdaterat: Bostad 1001, Såld/,
    );
  });

  it('refetches only when the view event’s ETag differs from the one it holds', async () => {
    vi.useFakeTimers();
    start();
    fetchMock.mockResolvedValue(new Response(null, { status: 304 }));
    FakeSource.last.send('view', { etag: '"other"' });
    FakeSource.last.send('view', {});
    await vi.advanceTimersByTimeAsync(1500);
    // Two events, one refetch.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/public/view/7');
  });

  it('polls with the ETag after a refusal, and shows what changed', async () => {
    vi.useFakeTimers();
    const shown = start();
    FakeSource.last.fail(true);
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify(view(['reserved', 'sale'])), { status: 200, headers: { etag: '"2"' } }),
    );
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(shown.at(-1)?.apartments[0]?.status).toBe('reserved');
    fetchMock.mockResolvedValue(new Response(null, { status: 304 }));
    await vi.advanceTimersByTimeAsync(5000);
    expect((fetchMock.mock.calls[1]![1] as RequestInit).headers).toEqual({ 'if-none-match': '"2"' });
    expect(shown).toHaveLength(1);
  });

  it('keeps the event stream through occasional errors', async () => {
    vi.useFakeTimers();
    start();
    const source = FakeSource.last;
    source.fail();
    source.send('apartments', { apartments: [] });
    source.fail();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(source.readyState).not.toBe(FakeSource.CLOSED);
  });
});
