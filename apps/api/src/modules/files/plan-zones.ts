import { Parser } from 'htmlparser2';
import { attributeRecord, planNameList, readZone } from '@planvy/shared';

/** A clickable element of a plan, as the editor writes it (spec §3 "SVG zone attributes"). */
export interface Zone {
  id: string;
  bostad?: string;
  /** The apartment it shows (a numeric id with `data-bostad`), or null. */
  apartmentId: number | null;
  linkTo: string[];
  buildingNumberId: number | null;
}

export interface PlanScan {
  /** Elements that carry apartment or link data. */
  zones: Zone[];
  /** ids that appear more than once. */
  duplicateIds: string[];
}

/** Reads the zones of a (sanitised) plan in one pass. */
export function scanPlan(svg: string): PlanScan {
  const zones: Zone[] = [];
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  const parser = new Parser(
    {
      onopentag(_name, attrs) {
        const id = attrs.id;
        if (id !== undefined) {
          if (seen.has(id)) duplicates.add(id);
          seen.add(id);
        }
        const zone = scannedZone(attrs);
        if (zone) zones.push(zone);
      },
    },
    { xmlMode: true },
  );
  parser.write(svg);
  parser.end();
  return { zones, duplicateIds: [...duplicates] };
}

/**
 * The zone an element with these attributes is, or undefined (the server knows zones by id).
 * Read with the shared plan model, as the editor and the widget read it.
 */
export function scannedZone(attrs: Readonly<Record<string, string | undefined>>): Zone | undefined {
  const zone = readZone(attributeRecord(attrs));
  if (zone.id === null || zone.kind === null) return undefined;
  return {
    id: zone.id,
    bostad: zone.bostad ?? undefined,
    apartmentId: zone.apartmentId,
    linkTo: zone.linkTo,
    buildingNumberId: zone.buildingNumberId,
  };
}

/** The apartment ids a plan shows: zones with a numeric id and apartment data. */
export function apartmentIdsOnPlan(scan: PlanScan): Set<number> {
  return new Set(scan.zones.flatMap((z) => (z.apartmentId === null ? [] : [z.apartmentId])));
}

export interface PlanReport {
  /** Zones with apartment data whose id matches no apartment of the project. */
  unknown_zones: string[];
  /** Apartments of the project that are on no plan (detached). */
  apartments_without_zone: { id: number; bostad: string }[];
  duplicate_ids: string[];
  /** Zones linking to a plan the project does not have. */
  broken_links: { zone: string; target: string }[];
}

export function planReport(
  scan: PlanScan,
  apartments: { id: number; bostad: string; file_name: string }[],
  planNames: string[],
): PlanReport {
  const known = new Set(apartments.map((a) => a.id));
  const plans = new Set(planNames);
  return {
    unknown_zones: scan.zones
      .filter((z) => z.bostad !== undefined && !(/^\d+$/.test(z.id) && known.has(Number(z.id))))
      .map((z) => z.id),
    apartments_without_zone: apartments
      .filter((a) => planNameList(a.file_name).length === 0)
      .map((a) => ({ id: a.id, bostad: a.bostad })),
    duplicate_ids: scan.duplicateIds,
    broken_links: scan.zones.flatMap((z) =>
      z.linkTo.filter((target) => !plans.has(target)).map((target) => ({ zone: z.id, target })),
    ),
  };
}
