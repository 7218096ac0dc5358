import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { onBand } from '../host-frame';

/**
 * A fixed layer over the part of the widget the buyer sees (ADR 024): embedded through
 * embed.js, the band of the frame on screen in the host page, followed as the host scrolls;
 * standalone or in a plain iframe, the viewport (the CSS default). Cards, sheets, dialogs,
 * the player and notices are placed in it, so they are in view wherever the buyer is.
 */
export function BandLayer({ className, children }: { className: string; children: ComponentChildren }) {
  const ref = useRef<HTMLDivElement>(null);
  // Before paint: an overlay never shows a frame in the wrong place.
  useLayoutEffect(
    () =>
      onBand(({ top, height }) => {
        const el = ref.current;
        if (!el) return;
        el.style.top = `${top}px`;
        el.style.height = `${height}px`;
      }),
    [],
  );
  return (
    <div className={`pv-band ${className}`} ref={ref}>
      {children}
    </div>
  );
}
