/**
 * The apartment status catalogue (spec §4): every alias with its labels, colour,
 * style key and the project types it applies to. API, admin app and widget read it.
 */
import type { Language } from './language';

export type ProjectTypeForStatus = 'sale' | 'tomter' | 'rental';

export interface StatusDefinition {
  alias: string;
  label: { sv: string; en: string };
  /** Rental projects label some statuses differently ("sale" reads Ledig / Available). */
  rentalLabel?: { sv: string; en: string };
  color: string;
  /** Name used by the project style keys (spec §3 Theme). */
  styleKey: string;
  types: readonly ProjectTypeForStatus[];
  /**
   * A buyer or tenant can act on it now: the widget's "Bara lediga" / "Only available" shows
   * only these (issue 20). Booked, reserved, upcoming and show homes cannot be had today.
   */
  available?: true;
}

const SALE = ['sale', 'tomter'] as const;
const ALL = ['sale', 'tomter', 'rental'] as const;
const RENTAL = ['rental'] as const;

export const STATUSES = [
  {
    alias: 'sale',
    label: { sv: 'Till salu', en: 'For sale' },
    rentalLabel: { sv: 'Ledig', en: 'Available' },
    color: '#10b74d',
    styleKey: 'sale',
    available: true,
    types: ALL,
  },
  {
    alias: 'reserved',
    label: { sv: 'Bokad', en: 'Booked' },
    color: '#aa4e4e',
    styleKey: 'reserved',
    types: ALL,
  },
  {
    alias: 'preorder',
    label: { sv: 'Reserverad', en: 'Reserved' },
    color: '#7570b3',
    styleKey: 'preorder',
    types: ALL,
  },
  {
    alias: 'upcoming',
    label: { sv: 'Kommande', en: 'Upcoming' },
    color: '#cc9900',
    styleKey: 'upcoming',
    types: ALL,
  },
  { alias: 'sold', label: { sv: 'Såld', en: 'Sold' }, color: '#803c3c', styleKey: 'sold', types: SALE },
  {
    alias: 'fs-co-owner',
    label: { sv: 'Till salu – Deläga', en: 'For sale – co-ownership' },
    color: '#6d9b27',
    styleKey: 'fsCoOwner',
    available: true,
    types: SALE,
  },
  {
    alias: 'sale-etapp-1',
    label: { sv: 'Till salu etapp 1', en: 'For sale, phase 1' },
    color: '#1f78b4',
    styleKey: 'saleEtapp1',
    available: true,
    types: SALE,
  },
  {
    alias: 'sale-etapp-2',
    label: { sv: 'Till salu etapp 2', en: 'For sale, phase 2' },
    color: '#0cb5df',
    styleKey: 'saleEtapp2',
    available: true,
    types: SALE,
  },
  {
    alias: 'sale-etapp-3',
    label: { sv: 'Till salu etapp 3', en: 'For sale, phase 3' },
    color: '#7b47f5',
    styleKey: 'saleEtapp3',
    available: true,
    types: SALE,
  },
  {
    alias: 'sale-etapp-4',
    label: { sv: 'Till salu etapp 4', en: 'For sale, phase 4' },
    color: '#1844aa',
    styleKey: 'saleEtapp4',
    available: true,
    types: SALE,
  },
  {
    alias: 'display-home',
    label: { sv: 'Visningsbostad', en: 'Show home' },
    color: '#d6338a',
    styleKey: 'displayHome',
    types: SALE,
  },
  {
    alias: 'searchable-residence',
    label: { sv: 'Sökbar bostad', en: 'Open for applications' },
    color: '#0b7935',
    styleKey: 'searchableResidence',
    available: true,
    types: RENTAL,
  },
  {
    alias: 'searchable-relocation',
    label: { sv: 'Sökbar för omflyttning', en: 'Open for relocation' },
    color: '#0d949a',
    styleKey: 'searchableRelocation',
    available: true,
    types: RENTAL,
  },
  {
    alias: 'leased',
    label: { sv: 'Uthyrd', en: 'Leased' },
    color: '#d95f02',
    styleKey: 'leased',
    types: RENTAL,
  },
  {
    alias: 'work-in-progress',
    label: { sv: 'Under arbete', en: 'Work in progress' },
    color: '#803c6d',
    styleKey: 'workInProgress',
    types: RENTAL,
  },
] as const satisfies readonly StatusDefinition[];

export type StatusAlias = (typeof STATUSES)[number]['alias'];
export const STATUS_ALIASES = STATUSES.map((s) => s.alias) as [StatusAlias, ...StatusAlias[]];

/** Whether an apartment of this status can still be had; unknown aliases cannot. */
export function isAvailableStatus(alias: string): boolean {
  return byAliasAvailable.has(alias);
}

/** Inactive apartments are drawn in this colour whatever their status. */
export const INACTIVE_COLOR = '#9e9e9e';

const byAlias = new Map<string, StatusDefinition>(STATUSES.map((s) => [s.alias, s]));
const byAliasAvailable = new Set<string>(
  STATUSES.filter((s: StatusDefinition) => s.available).map((s) => s.alias),
);

export function statusDefinition(alias: string): StatusDefinition | undefined {
  return byAlias.get(alias);
}

export function statusesFor(type: ProjectTypeForStatus): StatusDefinition[] {
  return STATUSES.filter((s) => (s.types as readonly string[]).includes(type));
}

export function isStatusValidFor(alias: string, type: ProjectTypeForStatus): boolean {
  return statusesFor(type).some((s) => s.alias === alias);
}

export function statusLabel(alias: string, type: ProjectTypeForStatus, lang: Language): string {
  const s = byAlias.get(alias);
  if (!s) return alias;
  return (type === 'rental' && s.rentalLabel ? s.rentalLabel : s.label)[lang];
}

/** A status as people write it: case, runs of spaces and the kind of dash do not matter. */
const normaliseStatusText = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s\u00a0]+/g, ' ')
    .replace(/[‐‑‒–—]/g, '-');

let statusByText: Map<string, StatusAlias> | undefined;

/**
 * The status a cell names (CSV import): any Swedish or English label, the rental ones too
 * ("Ledig" is "Till salu" in a sale project), or the alias. Labels win over aliases:
 * "Reserved" is the label of preorder, while `reserved` is the alias of "Bokad".
 * Whether the status applies to the project is `isStatusValidFor`'s question.
 */
export function statusOfText(text: string): StatusAlias | undefined {
  if (!statusByText) {
    statusByText = new Map();
    const add = (name: string, alias: StatusAlias) => {
      const key = normaliseStatusText(name);
      if (!statusByText!.has(key)) statusByText!.set(key, alias);
    };
    for (const s of STATUSES as readonly (StatusDefinition & { alias: StatusAlias })[])
      for (const label of [s.label, s.rentalLabel])
        if (label) for (const name of [label.sv, label.en]) add(name, s.alias);
    for (const s of STATUSES) add(s.alias, s.alias);
  }
  return statusByText.get(normaliseStatusText(text));
}

export function statusColor(alias: string): string {
  return byAlias.get(alias)?.color ?? INACTIVE_COLOR;
}
