import type { LiveApartment, LiveEvents } from '@planvy/shared/live-events';
import type { PublicApartment, PublicView } from '@planvy/shared/public-view';
import { fetchViewIfChanged, viewEtag } from './view-api';
import type { Widget } from './widget';

const POLL_MS = 5000;
/** Failed connections in a row before the events are given up for polling… */
const ERRORS_BEFORE_POLLING = 3;
/** …and polls before they are tried again. */
const POLLS_BEFORE_RETRY = 24;

const shownChanged = (a: PublicApartment, b: PublicApartment) =>
  a.status !== b.status || a.inactive !== b.inactive || a.price !== b.price || a.fee !== b.fee;

/**
 * Keeps the open widget's view current (ADR 015): server-sent events, or a conditional GET
 * of the view every few seconds while events cannot get through (blocked, refused, failing).
 * `show` gets each new view; the zones and rows that changed flash, and the change is
 * announced politely to screen readers.
 */
export function startLive(first: PublicView, w: Widget, show: (view: PublicView) => void): void {
  const projectId = first.project.id;
  let view = first;
  const announcer = document.createElement('p');
  announcer.className = 'pv-sr';
  announcer.setAttribute('aria-live', 'polite');
  document.body.appendChild(announcer);

  const update = (next: PublicView) => {
    const before = new Map(view.apartments.map((a) => [a.id, a]));
    const changed = next.apartments.filter((a) => {
      const b = before.get(a.id);
      return b !== undefined && shownChanged(a, b);
    });
    view = next;
    show(next);
    if (changed.length === 0) return;
    announcer.textContent =
      changed.length > 3
        ? w.t('liveMany', { n: changed.length })
        : w.t('liveChanged', { list: changed.map(w.apartmentName).join('; ') });
    requestAnimationFrame(() => {
      for (const a of changed) {
        for (const el of document.querySelectorAll(`[data-pv-id="${a.id}"],[data-pv-row="${a.id}"]`)) {
          el.classList.remove('pv-flash');
          el.getBoundingClientRect(); // restarts the animation when it is still running
          el.classList.add('pv-flash');
        }
      }
    });
  };
  const patch = (list: LiveApartment[]) => {
    const byId = new Map(list.map((a) => [a.id, a]));
    update({
      ...view,
      apartments: view.apartments.map((a) => {
        const c = byId.get(a.id);
        if (!c) return a;
        // A project that shows lowered prices sends price_before; a live change keeps it true.
        const drop =
          'price_before' in a && c.price !== a.price
            ? { price_before: a.price !== null && c.price !== null && a.price > c.price ? a.price : null }
            : {};
        return { ...a, ...c, ...drop };
      }),
    });
  };
  const refetch = () =>
    fetchViewIfChanged(projectId).then(
      (next) => next && update(next),
      () => undefined, // offline for a moment: the next event or poll tries again
    );
  // Every open widget hears a `view` event at once: spread their refetches over 1.5 s,
  // and let one refetch answer several events.
  let soon: ReturnType<typeof setTimeout> | undefined;
  const refetchSoon = () => {
    soon ??= setTimeout(() => {
      soon = undefined;
      void refetch();
    }, Math.random() * 1500);
  };

  const poll = () => {
    let polls = 0;
    const timer = setInterval(() => {
      if (++polls >= POLLS_BEFORE_RETRY) {
        clearInterval(timer);
        connect();
      } else if (!document.hidden) void refetch();
    }, POLL_MS);
  };
  const connect = () => {
    if (typeof EventSource === 'undefined') return poll();
    let errors = 0;
    const source = new EventSource(`/api/v1/public/view/${projectId}/events`);
    const read = <T>(e: Event) => {
      errors = 0;
      return JSON.parse((e as MessageEvent<string>).data) as T;
    };
    source.addEventListener('apartments', (e) => patch(read<LiveEvents['apartments']>(e).apartments));
    source.addEventListener('view', (e) => {
      const { etag } = read<LiveEvents['view']>(e);
      if (etag === undefined || etag !== viewEtag) refetchSoon();
    });
    source.onerror = () => {
      // CLOSED: refused for good (too many streams, not an event stream); else it retries by itself.
      if (source.readyState === EventSource.CLOSED || ++errors >= ERRORS_BEFORE_POLLING) {
        source.close();
        poll();
      }
    };
  };
  connect();
}
