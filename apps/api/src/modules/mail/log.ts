import { languageOf, serverMessage, type MailLogEntry, type MailLogQuery } from '@planvy/shared';
import type { DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../lib/http-error';
import { enqueue, findOutboxRow, listOutbox, type OutboxRow } from '../outbox/repository';
import { MAIL_KIND, SECRET_MARK, type MailPayload } from './mail';
import { MAIL_TEMPLATES } from './templates';

/** A mail whose link carried a one-time token: the token is not kept, so no copy can be sent. */
const hasLink = (payload: MailPayload) => JSON.stringify(payload.params).includes(SECRET_MARK);

/** The subject as the mail had it (a template's subject never holds the link). */
function subjectOf(payload: MailPayload): string {
  const render = MAIL_TEMPLATES[payload.template] as
    ((lang: ReturnType<typeof languageOf>, params: unknown) => { subject: string }) | undefined;
  try {
    return render ? render(languageOf(payload.lang), payload.params).subject : '';
  } catch {
    return '';
  }
}

/** What the log shows of a mail: never its body, link or token. */
function toEntry(row: OutboxRow): MailLogEntry {
  const payload = row.payload as unknown as MailPayload;
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    to: payload.to,
    template: payload.template,
    subject: subjectOf(payload),
    project_id: row.project_id,
    status: row.status,
    attempts: row.attempts,
    last_error: row.last_error,
    sent_at: row.sent_at?.toISOString() ?? null,
    resendable: !hasLink(payload),
  };
}

export async function listMailLog(db: DbOrTx, q: MailLogQuery & { limit: number }) {
  const rows = await listOutbox(db, {
    kind: MAIL_KIND,
    projectId: q.project,
    status: q.status,
    before: q.before,
    limit: q.limit + 1,
  });
  const page = rows.slice(0, q.limit);
  return {
    mails: page.map(toEntry),
    next_before: rows.length > q.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/**
 * "Skicka igen": a copy of the mail, queued now, for the same recipient and project; the
 * original stays in the log as it ended. 409 for a mail with a one-time link, whose token
 * is no longer kept (ADR 032): a new invitation or reset makes a new link.
 */
export async function resendMail(db: DbOrTx, id: number): Promise<MailLogEntry> {
  const row = await findOutboxRow(db, id, MAIL_KIND);
  if (!row) throw notFound('Mail');
  const payload = row.payload as unknown as MailPayload;
  if (hasLink(payload)) throw conflict(serverMessage('mailHasLink'));
  const copy: MailPayload = {
    to: payload.to,
    lang: payload.lang,
    template: payload.template,
    params: payload.params,
  };
  const copyId = await enqueue(db, { kind: MAIL_KIND, payload: { ...copy }, projectId: row.project_id });
  const created = await findOutboxRow(db, copyId, MAIL_KIND);
  if (!created) throw new Error('the copy was not written');
  return toEntry(created);
}
