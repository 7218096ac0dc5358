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
  const idsOf = (types: string[]) => [
    ...new Set(
      page
        .filter((r) => types.includes(r.entity_type))
        .map((r) => numericId(r.entity_id))
        .filter((id): id is number => id !== null),
    ),
  ];
  const labels = await repo.labelsFor(db, {
    users: idsOf(['user']),
    apartments: idsOf(['apartment']),
    files: idsOf(['plan', 'file']),
    projects: [...new Set(page.map((r) => r.project_id).filter((id): id is number => id !== null))],
  });
  const entries = page.map((r): AuditEntry => {
    const id = numericId(r.entity_id);
    let label: string | null = null;
    if (id !== null) {
      if (r.entity_type === 'user') label = labels.users.get(id) ?? null;
      else if (r.entity_type === 'apartment') label = labels.apartments.get(id) ?? null;
      else if (r.entity_type === 'plan' || r.entity_type === 'file') label = labels.files.get(id) ?? null;
      else if (r.entity_type === 'project') label = labels.projects.get(id) ?? null;
    } else if (r.entity_type === 'setting') {
      label = r.entity_id;
    }
    return {
      id: r.id,
      at: r.at.toISOString(),
      action: r.action,
      entity_type: r.entity_type,
      entity_id: r.entity_id,
      entity_label: label || null,
      project:
        r.project_id === null ? null : { id: r.project_id, name: labels.projects.get(r.project_id) ?? null },
      actor: { id: r.actor_id, name: r.actor_name },
      as_user: r.as_user_name === null ? null : { id: r.as_user_id, name: r.as_user_name },
      detail: r.detail,
    };
  });
  const last = page.at(-1);
  return { entries, next_before: rows.length > query.limit && last ? last.id : null };
}
