import { buildingLabelText, type BuildingNumber } from '@planvy/shared';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The building a link to the plan titled `title` most likely stands for: the one building whose
 * label ("Hus A") the title names as a whole word ("Hus A, plan 1"); null when none or several do.
 * The link step offers it, changeable, so linking a site plan's building takes two choices less.
 */
export function buildingForPlan(title: string, buildings: readonly BuildingNumber[]): number | null {
  const named = buildings.filter((b) =>
    new RegExp(
      `(^|[^\\p{L}\\p{N}])${escape(buildingLabelText(b.label.trim()))}($|[^\\p{L}\\p{N}])`,
      'iu',
    ).test(title),
  );
  return named.length === 1 ? named[0]!.id : null;
}
