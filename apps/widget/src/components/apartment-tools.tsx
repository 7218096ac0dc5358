import type { PublicApartment } from '@planvy/shared/public-view';
import { useWidget } from '../widget-context';
import type { WishUi } from '../wish-feature';

export interface ToolsProps {
  apartment: PublicApartment;
  favourite: boolean;
  compared: boolean;
  onFavourite: (id: number) => void;
  onCompare: (id: number) => void;
  /** In the panel the dialog names the apartment; in lists each button names it. */
  named?: boolean;
  /** The wish list's UI while a release takes wishes (ADR 041): the star beside the heart. */
  wishUi?: WishUi | null;
}

/**
 * The heart and the compare toggle of one apartment: toggle buttons (aria-pressed) with a
 * name that stays the same whether pressed or not. Clicks stop here so a list row does not
 * also open the panel.
 */
export function ApartmentTools({
  apartment: a,
  favourite,
  compared,
  onFavourite,
  onCompare,
  named,
  wishUi,
}: ToolsProps) {
  const w = useWidget();
  const name = `${w.bostadLabel} ${a.bostad}`;
  return (
    <span className="pv-tools">
      <button
        type="button"
        className="pv-tool pv-fav"
        aria-pressed={favourite}
        aria-label={named ? w.t('favouriteOf', { name }) : undefined}
        onClick={(e) => {
          e.stopPropagation();
          onFavourite(a.id);
        }}
      >
        <span aria-hidden="true">{favourite ? '♥' : '♡'}</span>
        {!named && ` ${w.t('favourite')}`}
      </button>
      <button
        type="button"
        className="pv-tool pv-cmp"
        aria-pressed={compared}
        aria-label={named ? w.t('compareOf', { name }) : undefined}
        onClick={(e) => {
          e.stopPropagation();
          onCompare(a.id);
        }}
      >
        <span aria-hidden="true">⇄</span>
        {!named && ` ${w.t('compare')}`}
      </button>
      {wishUi && <wishUi.WishButton apartment={a} named={named} />}
    </span>
  );
}
