/**
 * Statistics (spec §2 /dashboard, §3, §7 v2, §9) and the analytics beyond them: who may
 * see them, the calendar they are counted in, the query and answer shapes the API and
 * the admin app share, how statuses group into sales phases, and the click shading of
 * a plan. Decision record 013.
 */
import { z } from 'zod';
import { idField } from './ids';
import { PROJECT_TYPES, type ProjectType } from './projects';
import { STATUSES, type StatusAlias } from './statuses';

/**
 * Days are calendar days in Sweden, where the product's users are: a click at 00:30 on
 * a Tuesday counts on Tuesday. The daily click roll-up is kept in this zone too (its
 * trigger names it; changing it means rebuilding the roll-up).
 */
export const STATISTICS_TIME_ZONE = 'Europe/Stockholm';
/** Spec §9: the status list of statistics over projects of several types. */
export const STATISTICS_DEFAULT_PROJECT_TYPE: ProjectType = 'rental';
/** "Most clicked this week": today and the six days before, a rolling week. */
export const MOST_CLICKED_DAYS = 7;
/** The longest date range one call may ask for. */
export const MAX_RANGE_DAYS = 366;
/** The range when a call names none: the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30;
export const FIRST_STATISTICS_DAY = '2000-01-01';
export const TOP_APARTMENTS_DEFAULT = 10;
export const TOP_APARTMENTS_MAX = 100;
/** Spec §9: a bar segment below this share shows no number. */
export const BAR_LABEL_MIN_PERCENT = 3;

// ---------------------------------------------------------------------------
// Calendar days (YYYY-MM-DD strings; arithmetic in UTC, where every day has 24 hours)
// ---------------------------------------------------------------------------

export type IsoDate = string;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

export function isCalendarDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

const dayFormat = new Map<string, Intl.DateTimeFormat>();
/** The calendar date of an instant in a time zone. */
export function dateInZone(instant: Date, timeZone = STATISTICS_TIME_ZONE): IsoDate {
  let format = dayFormat.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormat.set(timeZone, format);
  }
  return format.format(instant);
}

function toUtc(date: IsoDate): number {
  return Date.parse(`${date}T00:00:00Z`);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return new Date(toUtc(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (0 for the same day). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}

/** Every day from `from` to `to`, both included. */
export function eachDay(from: IsoDate, to: IsoDate): IsoDate[] {
  const days: IsoDate[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

export interface DateRange {
  from: IsoDate;
  to: IsoDate;
}

/** The last `days` days ending with `today`. */
export function lastDays(days: number, today: IsoDate): DateRange {
  return { from: addDays(today, -(days - 1)), to: today };
}

export type RangeCheck =
  { ok: true; range: DateRange } | { ok: false; field: 'from' | 'to'; message: string };

/**
 * The range a call asks for: both ends given, or neither (the last DEFAULT_RANGE_DAYS days).
 * Refused: one end alone, `from` after `to`, `to` after today, before FIRST_STATISTICS_DAY,
 * longer than MAX_RANGE_DAYS.
 */
export function checkRange(from: IsoDate | undefined, to: IsoDate | undefined, today: IsoDate): RangeCheck {
  if (from === undefined && to === undefined) return { ok: true, range: lastDays(DEFAULT_RANGE_DAYS, today) };
  if (from === undefined) return { ok: false, field: 'from', message: 'Give both from and to, or neither' };
  if (to === undefined) return { ok: false, field: 'to', message: 'Give both from and to, or neither' };
  if (from < FIRST_STATISTICS_DAY) {
    return { ok: false, field: 'from', message: `The range cannot start before ${FIRST_STATISTICS_DAY}` };
  }
  if (to > today) return { ok: false, field: 'to', message: 'The range cannot end after today' };
  if (from > to) return { ok: false, field: 'from', message: 'The range must start on or before its end' };
  if (daysBetween(from, to) + 1 > MAX_RANGE_DAYS) {
    return { ok: false, field: 'to', message: `The range may cover at most ${MAX_RANGE_DAYS} days` };
  }
  return { ok: true, range: { from, to } };
}

// ---------------------------------------------------------------------------
// Sales phases: how the statuses of every project type read on a progress chart
// ---------------------------------------------------------------------------

export const SALES_PHASES = ['sold', 'reserved', 'available', 'other'] as const;
export type SalesPhase = (typeof SALES_PHASES)[number];

const PHASE_OF = {
  sale: 'available',
  'fs-co-owner': 'available',
  'sale-etapp-1': 'available',
  'sale-etapp-2': 'available',
  'sale-etapp-3': 'available',
  'sale-etapp-4': 'available',
  'searchable-residence': 'available',
  'searchable-relocation': 'available',
  reserved: 'reserved',
  preorder: 'reserved',
  sold: 'sold',
  leased: 'sold',
  upcoming: 'other',
  'display-home': 'other',
  'work-in-progress': 'other',
} as const satisfies Record<StatusAlias, SalesPhase>;

/** Sold (or let), reserved (booked or reserved), available, or other (upcoming, show home…). */
export function salesPhase(status: string): SalesPhase {
  return (PHASE_OF as Record<string, SalesPhase>)[status] ?? 'other';
}

/** Phase colours, taken from the status catalogue so a phase looks like its main status. */
export const SALES_PHASE_COLORS: Record<SalesPhase, string> = {
  sold: STATUSES.find((s) => s.alias === 'sold')!.color,
  reserved: STATUSES.find((s) => s.alias === 'preorder')!.color,
  available: STATUSES.find((s) => s.alias === 'sale')!.color,
  other: STATUSES.find((s) => s.alias === 'upcoming')!.color,
};

// ---------------------------------------------------------------------------
// Click shading of a plan: zones darken with their share of the most-clicked zone
// ---------------------------------------------------------------------------

/** Level 0 is "no clicks"; levels 1–5 split 1…max clicks into five equal steps. */
export const CLICK_SHADES = ['#e9ecef', '#ffe8cc', '#ffc078', '#ff922b', '#e8590c', '#a33a08'] as const;
const SHADE_STEPS = CLICK_SHADES.length - 1;

export function clickShadeLevel(clicks: number, max: number): number {
  if (clicks <= 0 || max <= 0) return 0;
  return Math.min(SHADE_STEPS, Math.max(1, Math.ceil((clicks * SHADE_STEPS) / max)));
}

export interface ClickShadeStep {
  level: number;
  color: string;
  /** Fewest and most clicks shown in this colour. */
  min: number;
  max: number;
}

/** The legend: each colour in use with the click counts it stands for (exact, no overlap). */
export function clickShadeSteps(max: number): ClickShadeStep[] {
  const steps: ClickShadeStep[] = [{ level: 0, color: CLICK_SHADES[0], min: 0, max: 0 }];
  let previous = 0;
  for (let level = 1; level <= SHADE_STEPS; level++) {
    // The largest count that still maps to this level.
    const upper = Math.floor((level * max) / SHADE_STEPS);
    if (upper > previous) steps.push({ level, color: CLICK_SHADES[level]!, min: previous + 1, max: upper });
    previous = Math.max(previous, upper);
  }
  return steps;
}

// ---------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------

const dateField = z
  .string()
  .regex(ISO_DATE, 'Use a date in the form YYYY-MM-DD')
  .refine(isCalendarDate, 'Not a calendar date');

export const statisticsScopeQuerySchema = z.object({ project_id: idField.optional() });
export const allSumQuerySchema = statisticsScopeQuerySchema.extend({
  project_type: z
    .enum(PROJECT_TYPES, { error: 'The project type must be rental, sale or tomter' })
    .optional(),
});
export const rangeQuerySchema = z.object({
  from: dateField.optional(),
  to: dateField.optional(),
});
export const scopedRangeQuerySchema = rangeQuerySchema.extend({ project_id: idField.optional() });
export const dailyClicksQuerySchema = scopedRangeQuerySchema.extend({ apartment_id: idField.optional() });
export const topApartmentsQuerySchema = scopedRangeQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(TOP_APARTMENTS_MAX).default(TOP_APARTMENTS_DEFAULT),
});

// ---------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------

const count = z.number().int();
const isoDate = z.string();

export const statusCountSchema = z.object({
  status: z.string(),
  label: z.object({ sv: z.string(), en: z.string() }),
  count,
});
export type StatusCount = z.infer<typeof statusCountSchema>;

/** GET v2 /statistic/projects/all-sum */
export const statusSumSchema = z.object({
  total: count,
  list: z.array(statusCountSchema),
  projectType: z.enum(PROJECT_TYPES),
});
export type StatusSum = z.infer<typeof statusSumSchema>;

/** GET v2 /statistic/projects/per-project (one per project) */
export const projectStatusSumSchema = statusSumSchema.extend({ id: count, name: z.string() });
export type ProjectStatusSum = z.infer<typeof projectStatusSumSchema>;

export const mostClickedEntrySchema = z.object({
  name: z.string(),
  bostad: z.string(),
  project_id: count,
  apartment_id: count,
  clicks: count,
  from: isoDate,
  to: isoDate,
});
export type MostClickedEntry = z.infer<typeof mostClickedEntrySchema>;
/** GET v2 /statistic/projects/most-clicked: the entry, or `{}` when nothing was clicked this week. */
export const mostClickedSchema = z.union([mostClickedEntrySchema, z.object({}).strict()]);
export type MostClicked = MostClickedEntry | Record<string, never>;

export const dailyClicksSchema = z.object({
  from: isoDate,
  to: isoDate,
  total: count,
  /** Every day of the range, days without clicks as 0. */
  days: z.array(z.object({ date: isoDate, clicks: count })),
});
export type DailyClicks = z.infer<typeof dailyClicksSchema>;

export const topApartmentSchema = z.object({
  apartment_id: count,
  bostad: z.string(),
  status: z.string(),
  price: z.number().nullable(),
  inactive: z.boolean(),
  project_id: count,
  project_name: z.string(),
  project_type: z.enum(PROJECT_TYPES),
  clicks: count,
});
export type TopApartment = z.infer<typeof topApartmentSchema>;
export const topApartmentsSchema = z.object({
  from: isoDate,
  to: isoDate,
  apartments: z.array(topApartmentSchema),
});
export type TopApartments = z.infer<typeof topApartmentsSchema>;

/** Clicks per apartment of one project (the plan's click shading); apartments without clicks are left out. */
export const apartmentClicksSchema = z.object({
  from: isoDate,
  to: isoDate,
  apartments: z.array(z.object({ apartment_id: count, clicks: count })),
});
export type ApartmentClicks = z.infer<typeof apartmentClicksSchema>;

const statusCounts = z.record(z.string(), count);
export const statusHistorySchema = z.object({
  from: isoDate,
  to: isoDate,
  /** Apartments per status at the end of each day, over the projects asked for. */
  days: z.array(z.object({ date: isoDate, counts: statusCounts, changes: count })),
  /** Per project: apartments per status when the range starts and when it ends. */
  projects: z.array(
    z.object({
      id: count,
      name: z.string(),
      type: z.enum(PROJECT_TYPES),
      start: statusCounts,
      end: statusCounts,
    }),
  ),
});
export type StatusHistory = z.infer<typeof statusHistorySchema>;

/** GET /statistic/projects/per-project. */
export const projectStatusSumsSchema = z.array(projectStatusSumSchema);
