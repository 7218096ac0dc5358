/**
 * Everything of the ranked wish list (ADR 041) that the widget shows while a release takes
 * wishes, in one chunk fetched only when the view has such a release: the star beside the heart,
 * the demand line on a card, the list's opener and its dialog. The list lives on this device
 * (as the favourites) until the buyer sends it with the interest form. The pieces share one
 * small store, so a memoised card re-renders itself when the list changes.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { PublicApartment } from '@planvy/shared/public-view';
import type { PublicRelease, ReleaseDemand } from '@planvy/shared/release-wishes';
import { deviceStorage, favouriteStore, wishesKey, type FavouriteStore } from './favourites';
import { useWidget } from './widget-context';
import { wishTranslator } from './components/wish-i18n';
import { WishPanel } from './components/wish-panel';

let store: FavouriteStore | null = null;
let release: PublicRelease | null = null;
let list: number[] = [];
let demand = new Map<number, ReleaseDemand>();
let inRelease = new Set<number>();
let onNotice: (text: string) => void = () => undefined;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Called with every view that has a release taking wishes (a live update may bring a new one). */
export function setup(projectId: number, next: PublicRelease, notice: (text: string) => void): void {
  // Read afresh with every view: another tab may have changed the list meanwhile.
  store = favouriteStore(deviceStorage(), projectId, wishesKey(projectId, next.id));
  release = next;
  list = [...store.read()].slice(0, next.max_wishes);
  demand = new Map((next.demand ?? []).map((d) => [d.apartment_id, d]));
  inRelease = new Set(next.apartment_ids);
  onNotice = notice;
  emit();
}

/** Replaces the list (in this order), stored on the device. */
export function setWishes(next: readonly number[]): void {
  list = [...(store?.write(next) ?? next)];
  emit();
}

export const wishList = (): readonly number[] => list;

function useWishList(): readonly number[] {
  const [, render] = useState(0);
  useEffect(() => {
    const listener = () => render((n) => n + 1);
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);
  return list;
}

/** "Lägg till i önskelistan": a toggle beside the heart, for a home of the release only. */
export function WishButton({ apartment: a, named }: { apartment: PublicApartment; named?: boolean }) {
  const w = useWidget();
  const t = wishTranslator(w.lang);
  const wished = useWishList().includes(a.id);
  if (!release || !inRelease.has(a.id)) return null;
  const max = release.max_wishes;
  return (
    <button
      type="button"
      className="pv-tool pv-wish"
      aria-pressed={wished}
      aria-label={named ? t('wishOf', { name: `${w.bostadLabel} ${a.bostad}` }) : undefined}
      onClick={(e) => {
        e.stopPropagation();
        if (wished) setWishes(list.filter((x) => x !== a.id));
        else if (list.length >= max) onNotice(t('wishFull', { n: max }));
        else setWishes([...list, a.id]);
      }}
    >
      <span aria-hidden="true">{wished ? '★' : '☆'}</span>
      {!named && ` ${t('wish')}`}
    </button>
  );
}

/** "3 har den som förstahandsval · bästa köplats 12", when the release shows its demand: counts, never who. */
export function Demand({ id }: { id: number }) {
  const w = useWidget();
  useWishList();
  const d = demand.get(id);
  if (!d) return null;
  const t = wishTranslator(w.lang);
  return (
    <span className="pv-demand">
      {t(d.first_choice === 1 ? 'demandOne' : 'demandMany', { n: d.first_choice })}
      {d.best_queue !== null && ` · ${t('demandQueue', { n: d.best_queue })}`}
    </span>
  );
}

/** The list's opener in the list bar, and its dialog; "Skicka mina önskemål" hands the list on. */
export function WishBar({
  apartments,
  onSend,
}: {
  apartments: ReadonlyMap<number, PublicApartment>;
  onSend: (ids: number[]) => void;
}) {
  const w = useWidget();
  const t = wishTranslator(w.lang);
  const current = useWishList();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  if (!release) return null;
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="pv-action pv-wish-open"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {t('wishList', { n: current.length })}
      </button>
      {open && (
        <WishPanel
          release={release}
          apartments={apartments}
          list={current}
          onChange={setWishes}
          onSend={() => {
            setOpen(false);
            onSend([...current]);
          }}
          onClose={() => {
            setOpen(false);
            opener.current?.focus();
          }}
        />
      )}
    </>
  );
}

export type WishUi = typeof import('./wish-feature');
