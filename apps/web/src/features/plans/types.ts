import type { ReactNode } from 'react';
import type { Apartment, ApartmentFields } from '@planvy/shared';

/**
 * Types the plan components and hooks share. They live here, not in a component, so the
 * viewer, the workspace, the popup and its hook import downwards only (no import circle).
 */

export interface ApartmentFormSlot {
  apartment?: Apartment;
  defaults?: Partial<ApartmentFields>;
  onSaved: (apartment: Apartment) => void;
  onCancel: () => void;
  extraActions?: ReactNode;
}

/**
 * Apartment zones coloured by another measure than their status (the route passes the
 * statistics feature's clicks): a shade level per apartment id (0–5, see CLICK_SHADES),
 * a hover text per apartment and the legend shown in place of the status legend.
 */
export interface PlanShading {
  levels: ReadonlyMap<number, number>;
  describe: (apartmentId: number) => string;
  legend: ReactNode;
}

export type PopupStep = 'choice' | 'add' | 'attach' | 'link' | 'broken' | 'apartment';

/** What a click on a zone opened. */
export interface ZonePopupState {
  /** Changes with every click, so a second click on the same zone starts afresh. */
  key: number;
  zone: Element;
  step: PopupStep;
  apartment?: Apartment;
  /** The zone's current link target (link and broken steps). */
  linkTarget?: string;
  /** The building the link zone stands for, if any. */
  buildingNumberId?: number | null;
  /** The id of a zone whose apartment does not exist. */
  unknownId?: string;
  /** The apartment the placement loop offers (ADR 029): the popup opens at the attach step with it chosen. */
  suggested?: Apartment;
}
