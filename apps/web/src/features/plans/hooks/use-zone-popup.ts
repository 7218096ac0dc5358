import { useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  buildingLabelText,
  linkTarget,
  readZone,
  statusLabel,
  type Apartment,
  type BuildingNumber,
  type ProjectType,
} from '@planvy/shared';
import type { PlanShading, ZonePopupState } from '../types';

interface ZonePopupInput {
  /** The signed-in user draws and links zones (`plan.edit`). */
  editsPlans: boolean;
  type: ProjectType;
  lang: 'sv' | 'en';
  /** Apartments by id (the list, and any created here that it has not caught up with). */
  apartments: ReadonlyMap<number, Apartment>;
  /** The project's plans' names (ADR 025) by file name, the key zones link by. */
  planTitles: ReadonlyMap<string, string>;
  buildingNumbers: readonly BuildingNumber[];
  /** While the click overlay is on, an apartment zone's hover text is its clicks. */
  shading: PlanShading | null;
}

/**
 * What a click on a zone opens (spec §2 "Apartment popup"), and what hovering it says: a
 * link or building zone opens at the link step, an apartment zone at the apartment form, any
 * other zone (admins only, spec §6) at the choice of what it should be.
 */
export function useZonePopup({
  editsPlans,
  type,
  lang,
  apartments,
  planTitles,
  buildingNumbers,
  shading,
}: ZonePopupInput) {
  const { t } = useTranslation();
  const [store] = useState(() => new PopupStore());
  const setPopup = (next: ZonePopupState | null) => store.set(next);
  const key = useRef(0);
  const buildingLabel = (id: number | null) => {
    const b = id === null ? undefined : buildingNumbers.find((n) => n.id === id);
    return b ? buildingLabelText(b.label) : null;
  };

  /** `suggest`: the placement loop's next apartment, offered for a zone with nothing on it yet. */
  const open = (el: Element, suggest?: Apartment) => {
    const zone = readZone(el);
    const next = ++key.current;
    if (zone.linkTo.length > 0) {
      const target = linkTarget(zone, planTitles);
      // A broken link is only something an admin can mend.
      if (!target && !editsPlans) return;
      setPopup({
        key: next,
        zone: el,
        step: target ? 'link' : 'broken',
        linkTarget: target ?? zone.linkTo[0],
        buildingNumberId: zone.buildingNumberId,
      });
      return;
    }
    const apartment = zone.apartmentId !== null ? apartments.get(zone.apartmentId) : undefined;
    if (apartment) {
      setPopup({ key: next, zone: el, step: 'apartment', apartment });
      return;
    }
    if (!editsPlans) return;
    const unknownId = zone.bostad !== null ? (zone.id ?? undefined) : undefined;
    if (suggest && unknownId === undefined) {
      setPopup({ key: next, zone: el, step: 'attach', suggested: suggest });
      return;
    }
    setPopup({ key: next, zone: el, step: 'choice', unknownId });
  };

  const describe = (el: Element): string | null => {
    if (el.hasAttribute('data-temp-id')) return null;
    const zone = readZone(el);
    if (zone.linkTo.length > 0) {
      const link = linkTarget(zone, planTitles);
      if (!link) return t('plans.viewer.zoneBroken', { target: zone.linkTo[0] ?? '' });
      const target = planTitles.get(link) ?? link;
      const building = buildingLabel(zone.buildingNumberId);
      return building
        ? t('plans.viewer.zoneBuilding', { building, target })
        : t('plans.viewer.zoneLink', { target });
    }
    const apartment = zone.apartmentId !== null ? apartments.get(zone.apartmentId) : undefined;
    if (apartment && shading) return `${apartment.bostad}: ${shading.describe(apartment.id)}`;
    if (apartment) {
      return t('plans.viewer.zoneApartment', {
        bostad: apartment.bostad,
        status:
          apartment.inactive === '1'
            ? t('plans.viewer.legendInactive')
            : statusLabel(apartment.status, type, lang),
      });
    }
    return zone.bostad !== null && editsPlans ? t('plans.viewer.zoneUnknown', { id: zone.id ?? '' }) : null;
  };

  return { store, open, describe };
}

/**
 * The open popup, kept outside React state: a click on a zone re-renders the popup alone
 * (useOpenPopup), never the workspace, toolbar and legend around it (on a plan of 5,000
 * zones every millisecond of a click counts, spec budget 100 ms to the painted popup).
 */
export class PopupStore {
  private state: ZonePopupState | null = null;
  private readonly listeners = new Set<() => void>();

  get = (): ZonePopupState | null => this.state;

  set(next: ZonePopupState | null): void {
    if (next === this.state) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

/** The popup open now, for the component that shows it. */
export function useOpenPopup(store: PopupStore): ZonePopupState | null {
  return useSyncExternalStore(store.subscribe, store.get);
}
