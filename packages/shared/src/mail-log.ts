import { z } from 'zod';
import { idField, idSchema } from './ids';

/** An outbox row's status as the mail log shows it: pending is "queued" (ADR 032). */
export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_LOG_PAGE_SIZE = 50;

/** How long the mail log keeps a mail once it has left or been given up (and the .eml copy). */
export const MAIL_LOG_DAYS = 30;

/** GET /admin/mail: every mail, or one project's; newest first, paged by `before`. */
export const mailLogQuerySchema = z.object({
  project: idField.optional(),
  status: z.enum(MAIL_STATUSES).optional(),
  /** Keyset paging: mails older than this id. */
  before: idSchema(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(MAIL_LOG_PAGE_SIZE),
});
export interface MailLogQuery {
  project?: number;
  status?: MailStatus;
  before?: number;
  limit?: number;
}

/**
 * One mail as the log shows it: who it went to, its template and subject, and how sending
 * went. Never its body or link: a link may carry a one-time token.
 */
export const mailLogEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  to: z.string(),
  /** The template's name (password_reset, invitation…). */
  template: z.string(),
  subject: z.string(),
  project_id: z.number().int().nullable(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  sent_at: z.string().nullable(),
  /** "Skicka igen" can send a copy: false for a mail whose one-time link is no longer kept. */
  resendable: z.boolean(),
});
export type MailLogEntry = z.infer<typeof mailLogEntrySchema>;

export const mailLogPageSchema = z.object({
  mails: z.array(mailLogEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  next_before: z.number().int().nullable(),
});
export type MailLogPage = z.infer<typeof mailLogPageSchema>;

export const mailLogEntryResponseSchema = z.object({ mail: mailLogEntrySchema });
