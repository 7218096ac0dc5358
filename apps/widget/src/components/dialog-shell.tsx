import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { useWidget } from '../widget-context';
import { BandLayer } from './band-layer';

export interface DialogShellProps {
  /** The heading's id, which names the dialog. */
  titleId: string;
  title: ComponentChildren;
  /** Classes besides `pv-panel`. */
  className?: string;
  /** When this changes (the dialog opens, shows other content, loses the element that had focus), focus returns to the close button unless it is already inside. */
  focusKey: unknown;
  onClose: () => void;
  children: ComponentChildren;
  /** Stays in view below the scrolling content: the dialog's actions. */
  footer?: ComponentChildren;
}

/**
 * Escape closes the dialog, wherever focus is. Listening from the commit that shows the dialog
 * (a layout effect), not from the next frame: an Escape pressed as soon as the dialog appears
 * closes it too (a browser test once pressed it in between, on a loaded machine).
 */
export function useEscapeToClose(onClose: () => void): void {
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onClose();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
}

/** Tab from the last of `items` goes to the first, Shift+Tab from the first to the last. */
export function wrapTab(
  e: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault'>,
  items: ArrayLike<HTMLElement>,
): void {
  const first = items[0];
  const last = items[items.length - 1];
  if (e.key !== 'Tab' || !first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * The widget's modal dialog (the apartment panel, compare): a backdrop over the whole frame that
 * closes on a click, and in the band the buyer sees (BandLayer) a named dialog with a close
 * button, content that scrolls inside it and a footer that stays in view; focus moved in and
 * kept in, and Escape to close.
 */
export function DialogShell({
  titleId,
  title,
  className,
  focusKey,
  onClose,
  children,
  footer,
}: DialogShellProps) {
  const w = useWidget();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    // The dialog is in view already; scrolling to the button would move the host page.
    if (dialog && !dialog.contains(document.activeElement)) {
      dialog.querySelector<HTMLElement>('.pv-close')?.focus({ preventScroll: true });
    }
  }, [focusKey]);

  useEscapeToClose(onClose);

  const trapTab = (e: KeyboardEvent) => {
    if (e.key === 'Tab' && ref.current)
      wrapTab(e, ref.current.querySelectorAll<HTMLElement>('a[href], button, [tabindex="0"]'));
  };

  return (
    <div className="pv-overlay" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <BandLayer className="pv-dialog-band">
        <div
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          className={className ? `pv-panel ${className}` : 'pv-panel'}
          ref={ref}
          onKeyDown={trapTab}
        >
          <div className="pv-panel-head">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="pv-close" onClick={onClose} aria-label={w.t('close')}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <div className="pv-panel-body">{children}</div>
          {footer && <div className="pv-panel-foot">{footer}</div>}
        </div>
      </BandLayer>
    </div>
  );
}
