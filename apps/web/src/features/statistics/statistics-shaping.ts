import {
  BAR_LABEL_MIN_PERCENT,
  SALES_PHASES,
  salesPhase,
  STATUSES,
  statusColor,
  statusDefinition,
  type DailyClicks,
  type ProjectStatusSum,
  type ProjectType,
  type SalesPhase,
  type StatusHistory,
  type StatusSum,
  type Language,
} from '@planvy/shared';

/**
 * The dashboard's numbers as the charts and tables show them, free of React: shares to
 * two decimals (spec §9), which bar segments get a number, which projects are drawn,
 * sales phases per day, and the rows of the CSV export.
 */

const locale = (lang: Language) => (lang === 'sv' ? 'sv-SE' : 'en-GB');

const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format as T;
}

/** A share (0–1) as a percentage with two decimals: "33,33 %" in Swedish, "33.33%" in English. */
export function formatPercent(share: number, lang: Language): string {
  return cached(
    `pct-${lang}`,
    () =>
      new Intl.NumberFormat(locale(lang), {
        style: 'percent',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
  ).format(share);
}

/** The percentage rounded to two decimals, as a number (for the CSV and the tables' sorting). */
export function percentValue(share: number): number {
  return Math.round(share * 10_000) / 100;
}

export function formatCount(n: number, lang: Language): string {
  return cached(
    `int-${lang}`,
    () => new Intl.NumberFormat(locale(lang), { maximumFractionDigits: 0 }),
  ).format(n);
}

/** A price in kronor; "–" for none. */
export function formatPrice(price: number | null, lang: Language): string {
  if (price === null) return '–';
  return `${cached(`price-${lang}`, () => new Intl.NumberFormat(locale(lang), { maximumFractionDigits: 0 })).format(price)} kr`;
}

/** A day as an axis label: "23 nov." / "23 Nov". */
export function formatDay(date: string, lang: Language): string {
  return cached(
    `day-${lang}`,
    () => new Intl.DateTimeFormat(locale(lang), { day: 'numeric', month: 'short', timeZone: 'UTC' }),
  ).format(new Date(`${date}T00:00:00Z`));
}

/** A day in full: "23 november 2026" / "23 November 2026". */
export function formatLongDay(date: string, lang: Language): string {
  return cached(
    `long-${lang}`,
    () =>
      new Intl.DateTimeFormat(locale(lang), {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }),
  ).format(new Date(`${date}T00:00:00Z`));
}

// ---------------------------------------------------------------------------
// Apartments by status (the donut)
// ---------------------------------------------------------------------------

export interface StatusSlice {
  status: string;
  label: string;
  count: number;
  /** 0–1 of the total. */
  share: number;
  color: string;
}

/**
 * One slice per status with apartments, in the API's (catalogue) order, labelled in `lang`:
 * with `labels` (from statusLabels) as the projects drawn name it, else as the API does.
 */
export function statusSlices(
  sum: Pick<StatusSum, 'list' | 'total'>,
  lang: Language,
  labels?: ReadonlyMap<string, string>,
): StatusSlice[] {
  if (sum.total <= 0) return [];
  return sum.list
    .filter((s) => s.count > 0)
    .map((s) => ({
      status: s.status,
      label: labels?.get(s.status) ?? s.label[lang],
      count: s.count,
      share: s.count / sum.total,
      color: statusColor(s.status),
    }));
}

// ---------------------------------------------------------------------------
// Per-project stacked bars
// ---------------------------------------------------------------------------

export interface BarSeries {
  /** The status alias: the key of each row's count. */
  name: string;
  label: string;
  color: string;
}

export interface ProjectBarRow {
  id: number;
  project: string;
  total: number;
  /** Count per status alias. */
  counts: Record<string, number>;
}

export interface ProjectBars {
  rows: ProjectBarRow[];
  series: BarSeries[];
}

function seriesLabel(status: string, types: Set<ProjectType>, lang: Language): string {
  const def = statusDefinition(status);
  if (!def) return status;
  if (!def.rentalLabel || !types.has('rental')) return def.label[lang];
  const others = [...types].some((t) => t !== 'rental');
  // "Till salu" in a sale project is "Ledig" in a rental one: name both when both are drawn.
  return others ? `${def.label[lang]} / ${def.rentalLabel[lang]}` : def.rentalLabel[lang];
}

function typesByStatus(projects: ProjectStatusSum[]): Map<string, Set<ProjectType>> {
  const typesOf = new Map<string, Set<ProjectType>>();
  for (const p of projects) {
    for (const s of p.list) {
      if (s.count <= 0) continue;
      const types = typesOf.get(s.status) ?? new Set<ProjectType>();
      types.add(p.projectType);
      typesOf.set(s.status, types);
    }
  }
  return typesOf;
}

/**
 * Each status named by what it means in these projects: "Till salu" where only sale
 * projects have it, "Ledig" where only rental ones do, "Till salu / Ledig" over both.
 */
export function statusLabels(projects: ProjectStatusSum[], lang: Language): Map<string, string> {
  return new Map(
    [...typesByStatus(projects)].map(([status, types]) => [status, seriesLabel(status, types, lang)]),
  );
}

/** Spec §9: projects with no apartments (zero total or no list) are left out. */
export function projectBars(projects: ProjectStatusSum[], lang: Language): ProjectBars {
  const drawn = projects.filter((p) => p.total > 0 && p.list.length > 0);
  const typesOf = typesByStatus(drawn);
  const order = new Map<string, number>(STATUSES.map((s, i) => [s.alias, i]));
  const statuses = [...typesOf.keys()].sort(
    (a, b) => (order.get(a) ?? 999) - (order.get(b) ?? 999) || a.localeCompare(b),
  );
  return {
    rows: drawn.map((p) => ({
      id: p.id,
      project: p.name,
      total: p.total,
      counts: Object.fromEntries(p.list.map((s) => [s.status, s.count])),
    })),
    series: statuses.map((status) => ({
      name: status,
      label: seriesLabel(status, typesOf.get(status)!, lang),
      color: statusColor(status),
    })),
  };
}

/** Spec §9: a segment under 3 % of its bar shows no number. */
export function showsSegmentNumber(count: number, total: number): boolean {
  return total > 0 && (count / total) * 100 >= BAR_LABEL_MIN_PERCENT;
}

// ---------------------------------------------------------------------------
// Sales progress: apartments per phase over time, and per project from start to end
// ---------------------------------------------------------------------------

export type PhaseCounts = Record<SalesPhase, number>;

export function phaseCounts(counts: Record<string, number>): PhaseCounts {
  const phases: PhaseCounts = { sold: 0, reserved: 0, available: 0, other: 0 };
  for (const [status, n] of Object.entries(counts)) phases[salesPhase(status)] += n;
  return phases;
}

export interface ProgressDay extends PhaseCounts {
  date: string;
  changes: number;
}

export function progressDays(history: Pick<StatusHistory, 'days'>): ProgressDay[] {
  return history.days.map((d) => ({ date: d.date, changes: d.changes, ...phaseCounts(d.counts) }));
}

export interface ProjectProgress {
  id: number;
  name: string;
  type: ProjectType;
  start: PhaseCounts;
  end: PhaseCounts;
  total: number;
}

/** Projects with apartments at the start or end of the range, most sold (share) at the end first. */
export function projectProgress(history: Pick<StatusHistory, 'projects'>): ProjectProgress[] {
  return history.projects
    .map((p) => {
      const end = phaseCounts(p.end);
      const total = SALES_PHASES.reduce((sum, phase) => sum + end[phase], 0);
      return { id: p.id, name: p.name, type: p.type, start: phaseCounts(p.start), end, total };
    })
    .filter((p) => p.total > 0 || SALES_PHASES.some((phase) => p.start[phase] > 0))
    .sort((a, b) => soldShare(b) - soldShare(a) || a.name.localeCompare(b.name, 'sv'));
}

function soldShare(p: ProjectProgress): number {
  return p.total > 0 ? p.end.sold / p.total : 0;
}

// ---------------------------------------------------------------------------
// Clicks
// ---------------------------------------------------------------------------

/** The busiest day of the range (the first when several tie), or null when nothing was clicked. */
export function busiestDay(clicks: Pick<DailyClicks, 'days'>): { date: string; clicks: number } | null {
  let best: { date: string; clicks: number } | null = null;
  for (const d of clicks.days) if (d.clicks > 0 && (!best || d.clicks > best.clicks)) best = d;
  return best;
}
