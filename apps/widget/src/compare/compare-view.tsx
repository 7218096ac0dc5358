import { useEffect, useRef } from 'preact/hooks';
import { shownValue } from '@planvy/shared/apartment-fields';
import { boxInRoot } from '@planvy/shared/plan/building-labels';
import { formatViewBox, type Box } from '@planvy/shared/plan/view-box';
import type { PublicApartment, PublicView } from '@planvy/shared/public-view';
import { preparePlan } from '../plan-prepare';
import type { ZoneContext } from '../plan-zones';
import { pricePerSquare } from '../price-per-square';
import { planOf } from '../start-plan';
import { fetchPlanMarkup } from '../view-api';
import { useWidget } from '../widget-context';
import { DialogShell } from '../components/dialog-shell';
import { StatusBadge } from '../components/status-badge';
import { thumbnailBox } from './thumbnail-box';
import './compare.css';

export interface CompareViewProps {
  apartments: PublicApartment[];
  view: PublicView;
  zoneContext: ZoneContext;
  onRemove: (id: number) => void;
  onClose: () => void;
}

/**
 * The apartment cut out of its plan: its zone with a little around it, lit. Decorative: the
 * table says it all.
 */
function Thumbnail({
  apartment: a,
  view,
  zoneContext,
}: Pick<CompareViewProps, 'view' | 'zoneContext'> & { apartment: PublicApartment }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const index = planOf(view, a);
    const plan = index === null ? undefined : view.plans[index];
    if (!plan || index === null) return;
    let live = true;
    fetchPlanMarkup(plan.url, plan.version).then(
      (markup) => {
        const host = ref.current;
        if (!live || !host) return;
        const prepared = preparePlan(markup, plan, index, zoneContext, '');
        if (!prepared) return;
        const { svg } = prepared;
        // A picture, not a second set of controls: nothing in it is focusable or named.
        for (const el of svg.querySelectorAll('[tabindex],[role],[aria-label]')) {
          el.removeAttribute('tabindex');
          el.removeAttribute('role');
          el.removeAttribute('aria-label');
        }
        svg.setAttribute('aria-hidden', 'true');
        svg.setAttribute('focusable', 'false');
        svg.classList.add('pv-cmp-svg');
        const zones = prepared.zones.get(a.id) ?? [];
        for (const zone of zones) zone.classList.add('pv-cmp-hl');
        host.replaceChildren(svg);
        // Measured once in the page (the zone may sit in a transformed group), then cropped.
        const boxes = zones.map((z) => boxInRoot(z, svg)).filter((b): b is Box => b !== null);
        const crop = thumbnailBox(boxes, prepared.base);
        if (crop) {
          svg.setAttribute('viewBox', formatViewBox(crop));
          svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
        }
      },
      () => undefined, // no thumbnail; the facts still compare
    );
    return () => {
      live = false;
    };
  }, [a, view, zoneContext]);
  return <div className="pv-cmp-thumb" ref={ref} />;
}

/**
 * Up to four apartments side by side: a modal dialog holding a table (a column per apartment,
 * a row per fact). On a phone two columns fit beside the row labels, which stay put while the
 * buyer swipes to the others. Loaded on first use.
 */
export function CompareView({ apartments, view, zoneContext, onRemove, onClose }: CompareViewProps) {
  const w = useWidget();

  const dash = w.t('notAvailable');
  const money = (v: number | null, monthly: boolean) => {
    const text = w.money(v);
    return text === null ? dash : monthly ? w.t('perMonth', { amount: text }) : text;
  };
  const rows: [string, (a: PublicApartment) => string][] = [[w.roomsLabel, (a) => a.rooms.trim() || dash]];
  rows.push([w.t('square'), (a) => w.area(a.square) ?? dash]);
  if (w.shows('floor')) rows.push([w.t('floor'), (a) => a.floor.trim() || dash]);
  rows.push([w.t(w.isRental ? 'rent' : 'price'), (a) => money(shownValue(a, 'price'), w.isRental)]);
  if (!w.isRental) rows.push([w.t('pricePerSquare'), (a) => w.money(pricePerSquare(a)) ?? dash]);
  if (w.column('fee')) rows.push([w.t('fee'), (a) => money(shownValue(a, 'fee'), true)]);
  // Unlike the list and the card, the comparison has always shown the garden row whatever
  // use_garden_size says; kept as it is (w.shows('garden_size') would follow the setting).
  rows.push([w.t('gardenSize'), (a) => w.area(a.garden_size) ?? dash]);

  return (
    <DialogShell
      titleId="pv-cmp-title"
      title={w.t('compareTitle')}
      className="pv-cmp"
      // Removing the column that held focus hands it to the close button, never to the page.
      focusKey={apartments.length}
      onClose={onClose}
    >
      <div className="pv-cmp-scroll" tabIndex={0} role="region" aria-labelledby="pv-cmp-title">
        <table className="pv-cmp-table">
          <thead>
            <tr>
              <td />
              {apartments.map((a) => (
                <th scope="col" key={a.id}>
                  <span className="pv-cmp-name">
                    {w.bostadLabel} {a.bostad}
                  </span>
                  <button
                    type="button"
                    className="pv-tool pv-cmp-remove"
                    aria-label={w.t('compareRemove', { name: `${w.bostadLabel} ${a.bostad}` })}
                    onClick={() => onRemove(a.id)}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{w.t('planRegion')}</th>
              {apartments.map((a) => (
                <td key={a.id}>
                  <Thumbnail apartment={a} view={view} zoneContext={zoneContext} />
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row">{w.t('status')}</th>
              {apartments.map((a) => (
                <td key={a.id}>
                  <StatusBadge status={a.status} inactive={a.inactive} />
                </td>
              ))}
            </tr>
            {rows.map(([label, cell]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {apartments.map((a) => (
                  <td key={a.id}>{cell(a)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </DialogShell>
  );
}
