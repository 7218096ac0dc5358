import type { PublicApartment } from '@planvy/shared/public-view';
import { shownValue } from '@planvy/shared/apartment-fields';
import { linkHref } from '@planvy/shared/web-links';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useWidget } from '../widget-context';
import type { WishUi } from '../wish-feature';
import { calcTranslator } from '../calculator/calc-i18n';
import type { CostPanel as CostPanelType } from '../calculator/cost-panel';
import { monthlyEstimate } from '../calculator/estimate';
import type { CalcState } from '../params';
import { pricePerSquare } from '../price-per-square';
import { ApartmentActions } from './apartment-actions';
import { ApartmentTools } from './apartment-tools';
import { DialogShell } from './dialog-shell';
import { StatusBadge } from './status-badge';
import { CheckoutSlot } from '../checkout/checkout-slot';

/** "…/files/Planritning%20A.pdf" → "Planritning A.pdf", else "Dokument n". */
function documentName(url: string, fallback: string): string {
  try {
    const last = new URL(url, location.href).pathname.split('/').pop() ?? '';
    const name = decodeURIComponent(last).trim();
    return name || fallback;
  } catch {
    return fallback;
  }
}

export interface ApartmentPanelProps {
  apartment: PublicApartment;
  projectName: string;
  /** The address that opens the widget with this apartment. */
  shareUrl: () => string;
  onNotice: (text: string) => void;
  onClose: () => void;
  favourite: boolean;
  compared: boolean;
  onFavourite: (id: number) => void;
  onCompare: (id: number) => void;
  /** Opens the interest form (ADR 036); given only when the project collects interest. */
  onInterest?: (id: number) => void;
  /** The project, for a first-come release's own reservation on the card (ADR 042). */
  projectId?: number;
  /** "Räkna själv" (ADR 037): null while closed; the card gives way to it while open. */
  calc: CalcState | null;
  onCalc: (next: CalcState | null) => void;
  /** The wish list's UI while a release takes wishes (ADR 041). */
  wishUi?: WishUi | null;
}

const loadCostPanel = () => import('../calculator/cost-panel').then((m) => m.CostPanel);

/**
 * The apartment's card: a modal dialog in the band the buyer sees (a full-height sheet on a
 * phone) whose next steps stay in view below its details. Focus moves in, is kept in, and
 * Escape closes.
 */
export function ApartmentPanel(props: ApartmentPanelProps) {
  const { apartment: a, onClose } = props;
  const w = useWidget();

  const facts: [string, string][] = [];
  const add = (label: string, value: string | null | undefined) => {
    if (value) facts.push([label, value]);
  };
  add(w.roomsLabel, a.rooms.trim());
  add(w.t('square'), w.area(a.square));
  if (w.shows('floor')) add(w.t('floor'), a.floor.trim());
  if (w.shows('garden_size')) add(w.t('gardenSize'), w.area(a.garden_size));
  // Inactive apartments never show prices (the server sends none either).
  const price = w.money(shownValue(a, 'price'));
  add(w.t(w.isRental ? 'rent' : 'price'), w.isRental && price ? w.t('perMonth', { amount: price }) : price);
  if (price && a.price_before) add(w.t('priceBefore'), w.money(a.price_before));
  add(w.t('pricePerSquare'), w.money(pricePerSquare(a, w.isRental)));
  const fee = w.shows('fee') ? w.money(shownValue(a, 'fee')) : null;
  add(w.t('fee'), fee && w.t('perMonth', { amount: fee }));
  if (a.building && w.shows('building_number_id')) add(w.t('house'), a.building);

  // An example month for available homes, near the price; the panel behind it loads on demand.
  const monthly = monthlyEstimate(a, w.settings, w.type, null);
  const ct = calcTranslator(w.lang);
  const { calc, onCalc } = props;
  const [CostPanel, setCostPanel] = useState<typeof CostPanelType | null>(null);
  const costRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const open = calc !== null && monthly !== null;
  useEffect(() => {
    if (open && !CostPanel)
      loadCostPanel().then(
        (c) => setCostPanel(() => c),
        () => onCalc(null),
      );
  }, [open, CostPanel, onCalc]);
  useEffect(() => {
    // Closed: focus returns to the line that opened it (after DialogShell's own focus, a child's
    // effect running first).
    if (wasOpen.current && !open) costRef.current?.focus({ preventScroll: true });
    wasOpen.current = open;
  }, [open]);

  // Links from the data pass the one link rule even when stored before it existed.
  const info = a.info.map((i) => linkHref(i.url)).filter((u): u is string => u !== null);

  if (open && calc && CostPanel)
    return (
      <CostPanel
        apartment={a}
        state={calc}
        onChange={onCalc}
        onClose={() => onCalc(null)}
        projectName={props.projectName}
        shareUrl={props.shareUrl}
        onNotice={props.onNotice}
      />
    );

  return (
    <DialogShell
      titleId="pv-panel-title"
      title={`${w.bostadLabel} ${a.bostad}`}
      className="pv-card-dialog"
      focusKey={a.id}
      onClose={onClose}
      footer={
        <ApartmentActions
          apartment={a}
          projectName={props.projectName}
          shareUrl={props.shareUrl}
          onNotice={props.onNotice}
          onInterest={props.onInterest}
        />
      }
    >
      <p className="pv-panel-status">
        <span className="pv-sr">{w.t('status')}: </span>
        <StatusBadge status={a.status} inactive={a.inactive} />
      </p>
      {props.projectId !== undefined && (
        <CheckoutSlot projectId={props.projectId} apartment={a} lang={w.lang} />
      )}
      <ApartmentTools
        apartment={a}
        favourite={props.favourite}
        compared={props.compared}
        onFavourite={props.onFavourite}
        onCompare={props.onCompare}
        wishUi={props.wishUi}
      />
      {props.wishUi && <props.wishUi.Demand id={a.id} />}
      {facts.length > 0 && (
        <dl className="pv-facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {monthly !== null && (
        <p className="pv-cost">
          <button
            ref={costRef}
            type="button"
            className="pv-cost-open"
            aria-haspopup="dialog"
            onClick={() => onCalc({})}
          >
            <span className="pv-cost-amount">{ct('costLine', { amount: w.money(monthly) ?? '' })}</span>{' '}
            <span className="pv-cost-link">{ct('costOpen')}</span>
          </button>
        </p>
      )}
      {a.description && (
        <section aria-label={w.t('description')}>
          <p className="pv-desc">{a.description}</p>
        </section>
      )}
      {info.length > 0 && (
        <section>
          <h3>{w.t('documents')}</h3>
          <ul className="pv-docs">
            {info.map((url, i) => (
              <li key={url + i}>
                <a href={url} target="_blank" rel="noopener noreferrer">
                  {documentName(url, w.t('documentN', { n: i + 1 }))}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </DialogShell>
  );
}
