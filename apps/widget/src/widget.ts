import { isOn } from '@planvy/shared/flags';
import type { PublicApartment, PublicView } from '@planvy/shared/public-view';
import { isColumnShown, isFieldShown } from '@planvy/shared/apartment-fields';
import { statusLabel, type ProjectTypeForStatus } from '@planvy/shared/statuses';
import { formatArea, formatMoney } from './format';
import { statusClass } from './theme-css';
import { translator, type Lang, type Translate } from './i18n';
import type { ZoneContext } from './plan-zones';

/** What every part of the widget reads: language, project type, settings and formatters. */
export interface Widget {
  t: Translate;
  lang: Lang;
  type: ProjectTypeForStatus;
  isTomter: boolean;
  isRental: boolean;
  settings: PublicView['settings'];
  flag: (name: keyof PublicView['settings']) => boolean;
  /** Whether an apartment field applies to this project (the field catalogue: type and settings). */
  shows: (field: string) => boolean;
  /** Whether a field is a column of the list and the comparison (hide_floor_column, hide_fee_column too). */
  column: (field: string) => boolean;
  statusText: (alias: string) => string;
  /** The class of a status's badge, zone or swatch (theme-css.ts). */
  statusClass: (alias: string) => string;
  money: (value: number | null) => string | null;
  area: (value: number | null) => string | null;
  /** "Bostad" or, for tomter, "Fastighetsbeteckning". */
  bostadLabel: string;
  /** "Rum" or, for tomter, "Tomtnr". */
  roomsLabel: string;
  /** "2 rum" / "Tomtnr 5": rooms as a phrase, or "" when unknown. */
  roomsPhrase: (a: PublicApartment) => string;
  /** The accessible name of an apartment: bostad, status label and rooms. */
  apartmentName: (a: PublicApartment) => string;
}

export function createWidget(view: PublicView, lang: Lang): Widget {
  const t = translator(lang);
  const type = view.project.type;
  const isTomter = type === 'tomter';
  const settings = view.settings;
  const statusText = (alias: string) => statusLabel(alias, type, lang);
  const bostadLabel = t(isTomter ? 'bostadTomt' : 'bostad');
  const roomsLabel = t(isTomter ? 'roomsTomt' : 'rooms');
  const roomsPhrase = (a: PublicApartment) => {
    const rooms = a.rooms.trim();
    if (!rooms) return '';
    return isTomter ? `${roomsLabel} ${rooms}` : t('roomCount', { n: rooms });
  };
  return {
    t,
    lang,
    type,
    isTomter,
    isRental: type === 'rental',
    settings,
    flag: (name) => isOn(settings, name),
    shows: (field) => isFieldShown(field, type, settings),
    column: (field) => isColumnShown(field, type, settings),
    statusText,
    statusClass,
    money: (v) => formatMoney(v, settings.currency ?? 'kr', lang),
    area: (v) => formatArea(v, lang),
    bostadLabel,
    roomsLabel,
    roomsPhrase,
    apartmentName: (a) =>
      [`${bostadLabel} ${a.bostad}`, statusText(a.status), roomsPhrase(a)].filter(Boolean).join(', '),
  };
}

/** The name of building number `id` ("Hus A"), or null for none the project has. */
export function buildingNames(view: PublicView, w: Widget): (id: number | null) => string | null {
  const labels = new Map(view.buildings.map((b) => [b.id, b.label]));
  return (id) => {
    const label = id === null ? undefined : labels.get(id);
    return label === undefined ? null : w.t('building', { label });
  };
}

/** What zone decoration needs to know about the project: apartments, plans and names. */
export function createZoneContext(view: PublicView, w: Widget): ZoneContext {
  const building = buildingNames(view, w);
  return {
    apartments: new Map(view.apartments.map((a) => [a.id, a])),
    planIndex: new Map(view.plans.map((p, i) => [p.name, i])),
    apartmentLabel: w.apartmentName,
    // A building is named as one ("Hus A"); any other link by the plan it opens.
    linkLabel: (target, buildingNumberId) =>
      building(buildingNumberId) ?? w.t('goTo', { name: view.plans[target]?.title ?? '' }),
  };
}
