import { Parser } from 'htmlparser2';
import {
  attributeRecord,
  readZone,
  ZONE_ATTRIBUTE_NAMES,
  ZONE_ELEMENTS,
  type Zone,
  type ZoneChanges,
  type ZoneLocator,
} from '@planvy/shared';
import { planAttribute } from '@planvy/shared/plan/svg-policy';
import { scannedZone as scanned, type PlanScan, type Zone as ScannedZone } from './plan-zones';
import { escapeAttr } from './svg-sanitize';

/**
 * One zone edit applied to stored (sanitised) markup without touching anything else: the
 * plan is parsed once, the element the editor named is found by its path, and only its
 * start tag is written again, attribute by attribute, the way the sanitiser writes tags.
 * Every other byte stays as the sanitiser left it, the new attributes are zone attributes
 * (allowed by the plan policy) and their values are escaped like every stored value, so
 * the result is what sanitising it again would give (a unit test holds this).
 */

export class ZoneNotFoundError extends Error {}
export class NotAZoneError extends Error {}

export interface ZonePatch {
  svg: string;
  /** The zone before the edit. */
  before: Zone;
  /** Its zone attributes after the edit (null: not set). */
  attributes: Record<string, string | null>;
  /** The plan's zones after the edit, for syncing apartments (duplicate ids as before it). */
  scan: PlanScan;
}

interface Target {
  start: number;
  end: number;
  name: string;
  attrs: Record<string, string>;
  selfClosing: boolean;
  /** Its place in scan.zones, or -1 when it was no zone. */
  zoneIndex: number;
}

/**
 * Applies `edit` (given the zone as it was and every id the plan uses) to the element at
 * `locator`. Throws ZoneNotFoundError when no element there has the locator's name and id.
 */
export function patchZone(
  svg: string,
  locator: ZoneLocator,
  edit: (before: Zone, ids: ReadonlySet<string>) => ZoneChanges,
): ZonePatch {
  const zones: ScannedZone[] = [];
  const ids = new Set<string>();
  const duplicates = new Set<string>();
  /** Child counters of the open elements, and the path of the element being opened. */
  const counters: number[] = [];
  const path: number[] = [];
  let target: Target | null = null;

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (counters.length > 0) path.push(counters[counters.length - 1]!++);
        counters.push(0);
        const id = attrs.id;
        if (id !== undefined) {
          if (ids.has(id)) duplicates.add(id);
          ids.add(id);
        }
        const zone = scanned(attrs);
        if (zone) zones.push(zone);
        if (!target && samePath(path, locator.path)) {
          target = {
            start: parser.startIndex,
            end: parser.endIndex,
            name,
            attrs: { ...attrs },
            selfClosing: svg[parser.endIndex - 1] === '/',
            zoneIndex: zone ? zones.length - 1 : -1,
          };
        }
      },
      onclosetag() {
        counters.pop();
        path.pop();
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(svg);
  parser.end();

  const found = target as Target | null;
  if (!found || found.name !== locator.name || (found.attrs.id ?? null) !== locator.id) {
    throw new ZoneNotFoundError('The zone is not where the editor saw it');
  }
  if (!ZONE_ELEMENTS.has(found.name) || counters.length !== 0 || locator.path.length === 0) {
    throw new NotAZoneError(`A <${found.name}> cannot be a zone`);
  }
  const before = readZone(attributeRecord(found.attrs));
  const changes = edit(before, ids);
  const attrs = applyChanges(found.attrs, changes);

  let tag = `<${found.name}`;
  for (const [name, value] of Object.entries(attrs)) tag += ` ${name}="${escapeAttr(value)}"`;
  tag += found.selfClosing ? '/>' : '>';

  const after = scanned(attrs);
  if (found.zoneIndex >= 0) {
    if (after) zones[found.zoneIndex] = after;
    else zones.splice(found.zoneIndex, 1);
  } else if (after) {
    zones.push(after);
  }
  return {
    svg: svg.slice(0, found.start) + tag + svg.slice(found.end + 1),
    before,
    attributes: Object.fromEntries(ZONE_ATTRIBUTE_NAMES.map((n) => [n, attrs[n] ?? null])),
    scan: { zones, duplicateIds: [...duplicates] },
  };
}

function samePath(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The element's attributes with `changes` applied: changed ones keep their place, new ones go last. */
function applyChanges(attrs: Record<string, string>, changes: ZoneChanges): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(attrs)) {
    if (!(name in changes)) out[name] = value;
    else if (changes[name] !== null) out[name] = changes[name]!;
  }
  for (const [name, value] of Object.entries(changes)) {
    if (!ZONE_ATTRIBUTE_NAMES.includes(name) || planAttribute(name) !== name) {
      throw new Error(`A zone edit may not write ${name}`);
    }
    if (value !== null && !(name in out)) out[name] = value;
  }
  return out;
}
