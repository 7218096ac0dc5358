import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUiLanguage } from '../../../hooks/use-ui-language';
import { clickShadeLevel, dateInZone, lastDays } from '@planvy/shared';
import { errorMessage } from '../../../lib/error-message';
import { useApartmentClicks } from '../api/get-apartment-clicks';
import { ClickLegend, ClickOverlayControl, type ClickOverlayState } from '../components/click-overlay';
import { formatCount } from '../statistics-shaping';

export interface ClickShading {
  levels: ReadonlyMap<number, number>;
  describe: (apartmentId: number) => string;
  legend: ReactNode;
}

/**
 * The plan's click overlay for a project: a switch (with the range) for the plan viewer's
 * header, and, while it is on and the clicks are loaded, each apartment's shade level,
 * hover text and the legend. `allowed` is whether the user sees statistics at all; whether
 * it is on belongs to the page, which shows one overlay at a time.
 */
export function useClickShading(
  projectId: number,
  allowed: boolean,
  on: boolean,
  setOn: (on: boolean) => void,
): { control: ReactNode; shading: ClickShading | null } {
  const { t } = useTranslation();
  const lang = useUiLanguage();
  const [days, setDays] = useState<ClickOverlayState['days']>(30);
  const state: ClickOverlayState = { on, days };
  const setState = (next: ClickOverlayState) => {
    setDays(next.days);
    if (next.on !== on) setOn(next.on);
  };
  const { from, to } = lastDays(state.days, dateInZone(new Date()));
  const clicks = useApartmentClicks(projectId, { from, to }, allowed && state.on);
  const { data, isError, error } = clicks;

  const shading = useMemo<ClickShading | null>(() => {
    if (!allowed || !state.on || (!data && !isError)) return null;
    const counts = new Map((data?.apartments ?? []).map((a) => [a.apartment_id, a.clicks]));
    const max = Math.max(0, ...counts.values());
    return {
      levels: new Map([...counts].map(([id, n]) => [id, clickShadeLevel(n, max)])),
      describe: (id) => {
        const n = counts.get(id) ?? 0;
        return t('statistics.overlay.zone', { count: n, n: formatCount(n, lang) });
      },
      legend: (
        // The range the shown clicks were counted over (the previous one while a new one loads).
        <ClickLegend
          max={max}
          range={data ?? { from, to }}
          error={isError ? errorMessage(error) : null}
          lang={lang}
        />
      ),
    };
  }, [allowed, state.on, data, isError, error, from, to, t, lang]);

  return {
    control: allowed ? (
      <ClickOverlayControl value={state} onChange={setState} loading={clicks.isFetching} />
    ) : null,
    shading,
  };
}
