import { useWidget } from '../widget-context';
import { Icon } from './icons';

export interface ShareButtonProps {
  title: string;
  /** The address to share, built when clicked (params.ts shareUrl). */
  url: () => string;
  onNotice: (text: string) => void;
  /** Defaults to the header's round button. */
  className?: string;
}

/**
 * "Dela": the phone's share sheet (Web Share API) where there is one, else the link is
 * copied and a polite message says so. Nothing about the visitor is added to the link.
 */
export function ShareButton({ title, url, onNotice, className = 'pv-share' }: ShareButtonProps) {
  const w = useWidget();
  const share = async () => {
    const href = url();
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url: href });
        return;
      } catch (err) {
        // The visitor closed the sheet: nothing to say. Refused (no permission): copy instead.
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(href);
      onNotice(w.t('shareCopied'));
    } catch {
      onNotice(w.t('shareFailed', { url: href }));
    }
  };
  return (
    <button type="button" className={className} onClick={() => void share()}>
      <Icon name="share" /> {w.t('share')}
    </button>
  );
}
