import type { z } from 'zod';
import { parseId, type AuditEntry, type AuditPage, type auditQuerySchema } from '@planvy/shared';
import type { DbOrTx } from '../../db/client';
import * as repo from './repository';

const numericId = (id: string | null) => parseId(id) ?? null;

/** The names an entry kept when it was written (`detail.labels`; older entries have none). */
function keptNames(detail: Record<string, unknown>): { entity?: string; project?: string } {
  const labels = detail.labels;
  if (typeof labels !== 'object' || labels === null) return {};
  const { entity, project } = labels as Record<string, unknown>;
  return {
    ...(typeof entity === 'string' ? { entity } : {}),
    ...(typeof project === 'string' ? { project } : {}),
  };
}

/** One page of the audit log, newest first, with the current names of what it mentions. */
export async function listAudit(db: DbOrTx, query: z.output<typeof auditQuerySchema>): Promise<AuditPage> {
  const rows = await repo.listAuditEntries(
    db,
    {
      userId: query.user,
      projectId: query.project,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      beforeId: query.before,
    },
    query.limit + 1,
  );
  const page = rows.slice(0, query.limit);
  const ids: Partial<Record<repo.LabelKind, Set<number>>> = {};
  for (const r of page) {
    const kind = repo.labelKindOf(r.entity_type);
    const id = numericId(r.entity_id);
    if (kind && id !== null) (ids[kind] ??= new Set()).add(id);
    if (r.project_id !== null) (ids.project ??= new Set()).add(r.project_id);
  }
  const labels = await repo.labelsFor(
    db,
    Object.fromEntries(Object.entries(ids).map(([kind, set]) => [kind, [...set]])),
  );
  const entries = page.map((r): AuditEntry => {
    const id = numericId(r.entity_id);
    const kind = repo.labelKindOf(r.entity_type);
    const kept = keptNames(r.detail);
    const exists = kind !== null && id !== null && labels[kind].has(id);
    // The current name; for an item deleted since, the name the entry kept.
    const label =
      r.entity_type === 'setting'
        ? r.entity_id
        : kind && id !== null
          ? exists
            ? labels[kind].get(id)
            : kept.entity
          : null;
    return {
      id: r.id,
      at: r.at.toISOString(),
      action: r.action,
      entity_type: r.entity_type,
      entity_id: r.entity_id,
      entity_label: label || null,
      entity_deleted: kind !== null && id !== null && !exists,
      project:
        r.project_id === null
          ? null
          : labels.project.has(r.project_id)
            ? { id: r.project_id, name: labels.project.get(r.project_id) ?? null, deleted: false }
            : { id: r.project_id, name: kept.project ?? null, deleted: true },
      actor: { id: r.actor_id, name: r.actor_name },
      as_user: r.as_user_name === null ? null : { id: r.as_user_id, name: r.as_user_name },
      detail: r.detail,
    };
  });
  const last = page.at(-1);
  return { entries, next_before: rows.length > query.limit && last ? last.id : null };
}
