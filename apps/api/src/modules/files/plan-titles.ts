import { cleanPlanTitle, defaultPlanTitle, PLAN_TITLE_MAX } from '@planvy/shared';
import type { Db } from '../../db/client';
import { lockProject } from '../projects/repository';
import * as repo from './repository';
import { sanitizeSvg, SvgSanitizeError } from './svg-sanitize';

/**
 * Plans' names (ADR 025). The file name stays a plan's key; its name is what people read: the
 * uploaded plan's `<title>`, else "Plan n" for its position, stored, and edited by admins.
 * Stored, not computed: reordering or deleting plans never renames the others. Whoever names a
 * plan locks its project's row first: two uploads or renames at once would each find a name free
 * and take the same one (a new plan is no row to lock yet, and a project may have no plans).
 */

export const titleKey = (title: string) => title.toLocaleLowerCase('sv');

/** Plans' names as freeTitle compares them, but `except`'s. */
export const takenTitles = (plans: readonly { id: number; title: string }[], except?: number) =>
  new Set(plans.filter((p) => p.id !== except && p.title).map((p) => titleKey(p.title)));

/**
 * A plan's name that no other plan of the project has (ignoring case), so buyers can tell plans
 * apart: `wanted` itself, else "{wanted} (2)", "(3)"… within the length limit. Without a wanted
 * name (no `<title>`), "Plan n" for the plan's position `position`, else the next free n.
 */
export function freeTitle(taken: ReadonlySet<string>, wanted: string, position: number): string {
  if (!wanted) {
    for (let n = position; ; n++) if (!taken.has(titleKey(defaultPlanTitle(n)))) return defaultPlanTitle(n);
  }
  if (!taken.has(titleKey(wanted))) return wanted;
  for (let i = 2; ; i++) {
    const suffix = ` (${i})`;
    const stem = Array.from(wanted)
      .slice(0, PLAN_TITLE_MAX - suffix.length)
      .join('')
      .trimEnd();
    const candidate = `${stem}${suffix}`;
    if (!taken.has(titleKey(candidate))) return candidate;
  }
}

/** The name in a plan's stored markup (its root's first `<title>`), or '' for none. */
export function titleInMarkup(svg: string): string {
  try {
    return cleanPlanTitle(sanitizeSvg(svg).title ?? '');
  } catch (err) {
    if (err instanceof SvgSanitizeError) return '';
    throw err;
  }
}

/**
 * Start-up (and after a restore): names every plan stored without one (before ADR 025, or from
 * an older backup), a project per transaction, in display order: the title in its markup, else
 * "Plan n" for its position. Idempotent: plans with a name are left alone, and an instance that
 * waited for another's lock finds nothing left to do. Answers how many plans were named.
 */
export async function nameUntitledPlans(db: Db): Promise<number> {
  let named = 0;
  for (const projectId of await repo.projectsWithUntitledPlans(db)) {
    named += await db.transaction(async (tx) => {
      await lockProject(tx, projectId, { kind: 'all' });
      const plans = await repo.listPlanTitles(tx, projectId);
      const taken = takenTitles(plans);
      let n = 0;
      for (const [i, plan] of plans.entries()) {
        if (plan.title) continue;
        const markup = await repo.readMarkup(tx, projectId, plan.id);
        const title = freeTitle(taken, titleInMarkup(markup?.svg ?? ''), i + 1);
        taken.add(titleKey(title));
        await repo.updateFile(tx, plan.id, { title });
        n += 1;
      }
      return n;
    });
  }
  return named;
}
