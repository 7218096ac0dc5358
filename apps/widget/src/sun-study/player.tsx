import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { PublicSunStudy } from '@planvy/shared/public-view';
import type { Lang } from '../i18n';
import { playerText } from './i18n';
import { imageSources, PLAYER_SIZES, swipeDirection } from './media';
import { BandLayer } from '../components/band-layer';
import { useEscapeToClose, wrapTab } from '../components/dialog-shell';
import './player.css';

/** How long an image stays on screen while playing, once it has loaded. */
export const PLAY_STEP_MS = 1600;

export interface SunStudyPlayerProps {
  items: PublicSunStudy[];
  lang: Lang;
  onClose: () => void;
}

function SunImage({
  item,
  alt,
  onLoad,
  onError,
}: {
  item: PublicSunStudy;
  alt: string;
  onLoad?: () => void;
  onError?: () => void;
}) {
  const s = imageSources(item);
  return (
    <picture>
      {s.webp && <source type="image/webp" srcSet={s.webp} sizes={PLAYER_SIZES} />}
      <img
        src={s.src}
        srcSet={s.srcset}
        sizes={PLAYER_SIZES}
        alt={alt}
        width={item.width ?? undefined}
        height={item.height ?? undefined}
        decoding="async"
        onLoad={onLoad}
        onError={onError}
      />
    </picture>
  );
}

/**
 * The sun study as a modal dialog in the band the buyer sees: one image (or video) at a time,
 * as large as fits with its controls in view, letterboxed and never cropped, with its label;
 * a slider, previous/next and play/pause; arrows, Home/End, space and Escape; swipes on touch
 * screens. Only the next image is fetched ahead.
 */
export function SunStudyPlayer({ items, lang, onClose }: SunStudyPlayerProps) {
  const t = playerText(lang);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  // Images that have loaded once stay loaded (the browser keeps them), so coming back to
  // one never waits for a second load event.
  const [loaded, setLoaded] = useState<ReadonlySet<number>>(() => new Set());
  const [failed, setFailed] = useState<number | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const playButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null);

  const n = items.length;
  const item = items[Math.min(index, n - 1)];
  const next = index + 1 < n ? items[index + 1] : undefined;
  const last = n - 1;

  const go = (i: number) => setIndex(Math.max(0, Math.min(last, i)));
  const step = (delta: number) => {
    setPlaying(false);
    go(index + delta);
  };

  // Focus starts on play/pause, so space plays and the arrows step at once.
  useEffect(() => {
    const play = playButton.current;
    // In view already; scrolling to it would move the host page.
    (play && !play.disabled ? play : closeButton.current)?.focus({ preventScroll: true });
  }, []);

  useEscapeToClose(onClose);

  // Playing: an image stays PLAY_STEP_MS once loaded (a slow connection never skips one);
  // a video plays to its end. After the last, it starts over.
  useEffect(() => {
    if (!playing || !item || item.kind === 'video' || (!loaded.has(item.id) && failed !== index)) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % n), PLAY_STEP_MS);
    return () => clearTimeout(timer);
  }, [playing, index, loaded, failed, item, n]);

  if (!item) return null;

  const label = item.label.trim();
  const position = t('step', { n: index + 1, total: n });
  const described = label ? t('stepNamed', { label, n: index + 1, total: n }) : position;

  const onKeyDown = (e: JSX.TargetedKeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    // The slider and a video handle their own arrows; buttons their own space.
    const own = target instanceof HTMLInputElement || target instanceof HTMLVideoElement;
    if (e.key === 'Tab') {
      const items = dialog.current?.querySelectorAll<HTMLElement>(
        'button:not([disabled]), input:not([disabled]), video',
      );
      if (items) wrapTab(e, items);
      return;
    }
    if (own && e.key !== ' ') return;
    let handled = true;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') step(1);
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') step(-1);
    else if (e.key === 'Home') step(-n);
    else if (e.key === 'End') step(n);
    else if (e.key === ' ' && !(target instanceof HTMLButtonElement) && !(target instanceof HTMLVideoElement))
      setPlaying((p) => !p);
    else handled = false;
    if (handled) e.preventDefault();
  };

  const onPointerDown = (e: JSX.TargetedPointerEvent<HTMLElement>) => {
    if (e.pointerType === 'mouse') return;
    swipe.current = { id: e.pointerId, x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: JSX.TargetedPointerEvent<HTMLElement>) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.id !== e.pointerId) return;
    const direction = swipeDirection(e.clientX - start.x, e.clientY - start.y);
    if (direction !== 0) step(-direction);
  };

  return (
    <div className="pv-sun-overlay" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <BandLayer className="pv-sun-band">
        <div
          role="dialog"
          aria-modal="true"
          aria-labelledby="pv-sun-title"
          aria-describedby="pv-sun-hint"
          className="pv-sun"
          ref={dialog}
          onKeyDown={onKeyDown}
        >
          <div className="pv-sun-head">
            <h2 id="pv-sun-title">{t('title')}</h2>
            <button
              type="button"
              ref={closeButton}
              className="pv-sun-close"
              onClick={onClose}
              aria-label={t('close')}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <figure
            className="pv-sun-stage"
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (swipe.current = null)}
          >
            {item.kind === 'video' ? (
              <video
                key={item.id}
                className="pv-sun-media"
                src={item.url}
                controls
                playsInline
                preload="metadata"
                muted={playing}
                autoPlay={playing}
                onEnded={() => playing && setIndex((i) => (i + 1) % n)}
                aria-label={label || position}
              />
            ) : failed === index ? (
              <p className="pv-sun-error" role="alert">
                {t('loadError')}
              </p>
            ) : (
              <div className="pv-sun-media" key={item.id}>
                <SunImage
                  item={item}
                  alt={t('imageAlt', { label: label || position })}
                  onLoad={() => setLoaded((ids) => (ids.has(item.id) ? ids : new Set(ids).add(item.id)))}
                  onError={() => setFailed(index)}
                />
              </div>
            )}
            <figcaption className="pv-sun-caption" aria-live={playing ? 'off' : 'polite'}>
              <span className="pv-sun-label">{label || position}</span>
              {label && <span className="pv-sun-count">{position}</span>}
            </figcaption>
          </figure>
          {next && next.kind === 'image' && (
            <div className="pv-sun-preload" hidden aria-hidden="true">
              <SunImage item={next} alt="" />
            </div>
          )}
          <div className="pv-sun-controls">
            <button
              type="button"
              className="pv-sun-btn"
              onClick={() => step(-1)}
              disabled={index === 0}
              aria-label={t('previous')}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              ref={playButton}
              className="pv-sun-btn pv-sun-play"
              onClick={() => setPlaying((p) => !p)}
              aria-pressed={playing}
              aria-label={t('play')}
              disabled={n < 2}
            >
              <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
            </button>
            <button
              type="button"
              className="pv-sun-btn"
              onClick={() => step(1)}
              disabled={index === last}
              aria-label={t('next')}
            >
              <span aria-hidden="true">›</span>
            </button>
            <input
              type="range"
              className="pv-sun-slider"
              min={0}
              max={last}
              step={1}
              value={index}
              disabled={n < 2}
              aria-label={t('time')}
              aria-valuetext={described}
              onInput={(e) => {
                setPlaying(false);
                go(Number(e.currentTarget.value));
              }}
            />
          </div>
          <p id="pv-sun-hint" className="pv-sr">
            {t('hint')}
          </p>
        </div>
      </BandLayer>
    </div>
  );
}
