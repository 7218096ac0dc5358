import type { z } from 'zod';
import type { AuditEntry, AuditPage, auditQuerySchema } from '@planvy/shared';
import type { DbOrTx } from '../../db/client';
import * as repo from './repository';

const numericId = (id: string | null) => (id !== null && /^\d{1,10}$/.test(id) ? Number(id) : null);

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
  // An entry's type names where its label is read ('plan' is a stored file too).
  const kindOf = (type: string): repo.LabelKind | null =>
    type === 'plan' ? 'file' : repo.isLabelKind(type) ? type : null;
  const ids: Partial<Record<repo.LabelKind, Set<number>>> = {};
  for (const r of page) {
    const kind = kindOf(r.entity_type);
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
    const kind = kindOf(r.entity_type);
    const label =
      r.entity_type === 'setting' ? r.entity_id : kind && id !== null ? (labels[kind].get(id) ?? null) : null;
    return {
      id: r.id,
      at: r.at.toISOString(),
      action: r.action,
      entity_type: r.entity_type,
      entity_id: r.entity_id,
      entity_label: label || null,
      project:
        r.project_id === null ? null : { id: r.project_id, name: labels.project.get(r.project_id) ?? null },
      actor: { id: r.actor_id, name: r.actor_name },
      as_user: r.as_user_name === null ? null : { id: r.as_user_id, name: r.as_user_name },
      detail: r.detail,
    };
  });
  const last = page.at(-1);
  return { entries, next_before: rows.length > query.limit && last ? last.id : null };
}
