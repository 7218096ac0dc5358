import type { PublicApartment } from '@planvy/shared/public-view';
import type { PublicRelease } from '@planvy/shared/release-wishes';
import { useWidget } from '../widget-context';
import { DialogShell } from './dialog-shell';
import { wishTranslator } from './wish-i18n';

export interface WishPanelProps {
  release: PublicRelease;
  apartments: ReadonlyMap<number, PublicApartment>;
  /** First choice first. */
  list: readonly number[];
  onChange: (list: number[]) => void;
  /** "Skicka mina önskemål": the interest form, with the list and the release. */
  onSend: () => void;
  onClose: () => void;
}

/** `id` moved one place up (-1) or down (+1); the list as it was at an end. */
export function moveWish(ids: readonly number[], id: number, by: -1 | 1): number[] {
  const at = ids.indexOf(id);
  const to = at + by;
  if (at < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[at], next[to]] = [next[to]!, next[at]!];
  return next;
}

/**
 * The buyer's ranked wish list in an open release (ADR 041): a dialog with up, down and remove
 * buttons named for each home (keyboard and screen reader alike), and the way on to the
 * interest form. A chunk of its own, fetched when first opened.
 */
export function WishPanel({ release, apartments, list, onChange, onSend, onClose }: WishPanelProps) {
  const w = useWidget();
  const t = wishTranslator(w.lang);
  const label = (id: number) => `${w.bostadLabel} ${apartments.get(id)?.bostad ?? ''}`;
  const closes = release.wishes_close_at
    ? new Date(release.wishes_close_at).toLocaleString(w.lang === 'en' ? 'en-GB' : 'sv-SE', {
        timeZone: 'Europe/Stockholm',
        dateStyle: 'long',
        timeStyle: 'short',
      })
    : null;
  return (
    <DialogShell
      titleId="pv-wish-title"
      title={t('wishTitle', { release: release.name })}
      className="pv-wish-dialog"
      focusKey={list.join(',')}
      onClose={onClose}
      footer={
        <button type="button" className="pv-action" disabled={list.length === 0} onClick={onSend}>
          {t('wishSend')}
        </button>
      }
    >
      <p>{t('wishIntro', { max: release.max_wishes })}</p>
      {closes && <p>{t('wishCloses', { time: closes })}</p>}
      <p aria-live="polite">{t('wishCount', { n: list.length, max: release.max_wishes })}</p>
      {list.length === 0 ? (
        <p>{t('wishEmpty')}</p>
      ) : (
        <ol className="pv-wish-list">
          {list.map((id, i) => (
            <li key={id} data-wish={id}>
              <span>{label(id)}</span>
              <button
                type="button"
                className="pv-clear"
                disabled={i === 0}
                aria-label={t('wishUp', { name: label(id) })}
                onClick={() => onChange(moveWish(list, id, -1))}
              >
                ↑
              </button>
              <button
                type="button"
                className="pv-clear"
                disabled={i === list.length - 1}
                aria-label={t('wishDown', { name: label(id) })}
                onClick={() => onChange(moveWish(list, id, 1))}
              >
                ↓
              </button>
              <button
                type="button"
                className="pv-clear"
                aria-label={t('wishRemove', { name: label(id) })}
                onClick={() => onChange(list.filter((x) => x !== id))}
              >
                ×
              </button>
            </li>
          ))}
        </ol>
      )}
      <p className="pv-wish-note">{t('wishNote')}</p>
    </DialogShell>
  );
}
