import { useCallback, useRef, useState } from 'preact/hooks';
import type { PublicSunStudy } from '@planvy/shared/public-view';
import type { SunStudyPlayer } from '../sun-study/player';
import { useWidget } from '../widget-context';

type Player = typeof SunStudyPlayer;

/**
 * The "Solstudie" control. The player (code, styles, texts) is a separate chunk that is
 * fetched on the first click, so the widget's first paint carries none of it.
 */
export function SunStudyButton({ items }: { items: PublicSunStudy[] }) {
  const w = useWidget();
  const [Player, setPlayer] = useState<Player | null>(null);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);

  const show = () => {
    setOpen(true);
    if (!Player) {
      import('../sun-study/player').then(
        (m) => setPlayer(() => m.SunStudyPlayer),
        // A failed download closes again; the next click tries once more.
        () => setOpen(false),
      );
    }
  };
  const close = useCallback(() => {
    setOpen(false);
    opener.current?.focus();
  }, []);

  const loading = open && !Player;
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="pv-sun-open"
        aria-haspopup="dialog"
        aria-busy={loading || undefined}
        onClick={show}
      >
        <span aria-hidden="true">☀</span> {w.t('sunStudy')}
      </button>
      {open && Player && <Player items={items} lang={w.lang} onClose={close} />}
    </>
  );
}
