import { z } from 'zod';
import { idField, idSchema } from './ids';

/** What the audit log names, and the actions it records beyond create/update/delete. */
export const AUDIT_ENTITIES = [
  'user',
  'session',
  'project',
  'setting',
  'apartment',
  'plan',
  'file',
  'building_number',
  'style',
  'theme',
  'sun_study',
  'mail',
  'webhook',
  'interest',
  'hold',
  'release',
  'release_offer',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

const person = z.object({ id: z.number().int().nullable(), name: z.string() });

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** create, update, delete, status, import, config, impersonation.start, impersonation.end, sign_out_everywhere… */
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  /**
   * The entity's name (a user's name, an apartment's bostad, a file's name…): its current one,
   * or for an item deleted since, the one it had when the entry was written (null for entries
   * older than that).
   */
  entity_label: z.string().nullable(),
  /** The entity no longer exists (only for kinds with names: user, project, apartment, file…). */
  entity_deleted: z.boolean(),
  /** The project's current name, or the one it had when the entry was written once it is deleted. */
  project: z.object({ id: z.number().int(), name: z.string().nullable(), deleted: z.boolean() }).nullable(),
  /** The person who acted (the admin, also while signed in as someone else). */
  actor: person,
  /** The user the admin was signed in as, if any. */
  as_user: person.nullable(),
  /**
   * Small facts: `fields` (the names of the fields sent, never their values), `labels`
   * (`{ entity, project }`: the names when the entry was written), `role` (`{ from, to }`: a
   * role change), a status, a count…
   */
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_SIZE = 50;

export const auditQuerySchema = z
  .object({
    /** Entries by, as, or about this user. */
    user: idField.optional(),
    project: idField.optional(),
    /** ISO date-times; `to` is exclusive. */
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    /** Keyset paging: entries older than this id. */
    before: idSchema(Number.MAX_SAFE_INTEGER).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(AUDIT_PAGE_SIZE),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
    path: ['to'],
    message: 'The end must be after the start',
  });
/** The query as a client sends it. */
export interface AuditQuery {
  user?: number;
  project?: number;
  from?: string;
  to?: string;
  before?: number;
  limit?: number;
}

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  next_before: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
