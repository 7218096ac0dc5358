import type { TFunction } from 'i18next';
import {
  SALES_PHASES,
  statusLabel,
  type DailyClicks,
  type DateRange,
  type MostClicked,
  type ProjectStatusSum,
  type StatusHistory,
  type StatusSum,
  type TopApartments,
  type Language,
} from '@planvy/shared';
import { percentValue, progressDays, projectBars, projectProgress, statusSlices } from './statistics-shaping';

/** What the dashboard shows, as loaded; a section whose data is missing is left out. */
export interface DashboardCsvInput {
  range: DateRange;
  projectName: string;
  createdAt: string;
  allSum?: StatusSum;
  /** Status names as the dashboard shows them (statusLabels). */
  labels?: ReadonlyMap<string, string>;
  perProject?: ProjectStatusSum[];
  mostClicked?: MostClicked;
  clicks?: DailyClicks;
  top?: TopApartments;
  history?: StatusHistory;
}

/** Numbers as Excel reads them in the language: no thousands separator, the language's decimal mark. */
function decimal(n: number, lang: Language): string {
  const s = String(n);
  return lang === 'sv' ? s.replace('.', ',') : s;
}

/**
 * The dashboard as rows for a CSV: a heading with the period and project, then one
 * section per card in the order they are shown, each with a title row and its table.
 */
export function dashboardCsvRows(input: DashboardCsvInput, t: TFunction, lang: Language): string[][] {
  const rows: string[][] = [
    [t('statistics.csv.heading')],
    [t('statistics.csv.period'), input.range.from, input.range.to],
    [t('statistics.csv.project'), input.projectName],
    [t('statistics.csv.created'), input.createdAt],
  ];
  const section = (title: string, head: string[], body: string[][]) => {
    rows.push([], [title], head, ...body);
  };
  const share = t('statistics.csv.shareColumn');

  if (input.allSum) {
    section(
      t('statistics.donut.title'),
      [t('statistics.donut.status'), t('statistics.donut.count'), share],
      [
        ...statusSlices(input.allSum, lang, input.labels).map((s) => [
          s.label,
          String(s.count),
          decimal(percentValue(s.share), lang),
        ]),
        [
          t('statistics.donut.total'),
          String(input.allSum.total),
          input.allSum.total > 0 ? decimal(100, lang) : '',
        ],
      ],
    );
  }
  if (input.perProject) {
    const bars = projectBars(input.perProject, lang);
    section(
      t('statistics.bars.title'),
      [t('statistics.bars.project'), t('statistics.donut.status'), t('statistics.donut.count'), share],
      bars.rows.flatMap((r) =>
        bars.series
          .filter((s) => (r.counts[s.name] ?? 0) > 0)
          .map((s) => {
            const count = r.counts[s.name] ?? 0;
            return [r.project, s.label, String(count), decimal(percentValue(count / r.total), lang)];
          }),
      ),
    );
  }
  if (input.mostClicked) {
    const m = input.mostClicked;
    section(
      t('statistics.mostClicked.title'),
      [
        t('statistics.top.project'),
        t('statistics.top.apartment'),
        t('statistics.top.clicks'),
        t('statistics.csv.period'),
      ],
      'name' in m ? [[m.name, m.bostad, String(m.clicks), `${m.from} – ${m.to}`]] : [],
    );
  }
  if (input.clicks) {
    section(
      t('statistics.clicks.title'),
      [t('statistics.clicks.date'), t('statistics.clicks.clicks')],
      input.clicks.days.map((d) => [d.date, String(d.clicks)]),
    );
  }
  if (input.top) {
    section(
      t('statistics.top.title'),
      [
        t('statistics.top.rank'),
        t('statistics.top.apartment'),
        t('statistics.top.project'),
        t('statistics.top.status'),
        t('statistics.top.price'),
        t('statistics.top.clicks'),
      ],
      input.top.apartments.map((a, i) => [
        String(i + 1),
        a.bostad,
        a.project_name,
        statusLabel(a.status, a.project_type, lang),
        a.price === null ? '' : decimal(a.price, lang),
        String(a.clicks),
      ]),
    );
  }
  if (input.history) {
    const phase = (p: (typeof SALES_PHASES)[number]) => t(`statistics.progress.phases.${p}`);
    section(
      t('statistics.progress.title'),
      [t('statistics.progress.date'), ...SALES_PHASES.map(phase), t('statistics.progress.changes')],
      progressDays(input.history).map((d) => [
        d.date,
        ...SALES_PHASES.map((p) => String(d[p])),
        String(d.changes),
      ]),
    );
    section(
      t('statistics.progress.perProject'),
      [
        t('statistics.progress.project'),
        ...SALES_PHASES.flatMap((p) => [
          t('statistics.csv.start', { phase: phase(p) }),
          t('statistics.csv.end', { phase: phase(p) }),
        ]),
      ],
      projectProgress(input.history).map((p) => [
        p.name,
        ...SALES_PHASES.flatMap((phase) => [String(p.start[phase]), String(p.end[phase])]),
      ]),
    );
  }
  return rows;
}
