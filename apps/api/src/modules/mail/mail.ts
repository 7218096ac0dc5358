import { languageOf, type Language } from '@planvy/shared';
import type { DbOrTx } from '../../db/client';
import type { OutboxHandler } from '../outbox/loop';
import { enqueue, type NewOutboxMessage } from '../outbox/repository';
import { MAIL_TEMPLATES, type MailTemplate } from './templates';
import type { MailTransport } from './transport';

/** The outbox kind of a mail (ADR 033). */
export const MAIL_KIND = 'mail';

type ParamsOf<T extends MailTemplate> = Parameters<(typeof MAIL_TEMPLATES)[T]>[1];

/**
 * What a mail row keeps: the recipient, the language, the template and its params. The
 * message is made when it is sent. `secret` (a token) is put into the params' `link` only
 * then, and the outbox drops it once the row ends, so a sent link is not kept.
 */
export interface MailPayload {
  to: string;
  lang: Language;
  template: MailTemplate;
  params: Record<string, unknown>;
  secret?: string;
}

/** The mark in a template's link where the secret goes when the mail is made. */
export const SECRET_MARK = '{secret}';

interface NewMail<T extends MailTemplate> {
  to: string;
  lang: Language;
  template: T;
  params: ParamsOf<T>;
  secret?: string;
  projectId?: number | null;
}

/** The outbox message of a mail, for writing many at once with enqueueMany. */
export function mailMessage<T extends MailTemplate>(mail: NewMail<T>): NewOutboxMessage {
  const payload: MailPayload = {
    to: mail.to,
    lang: mail.lang,
    template: mail.template,
    params: { ...mail.params },
    ...(mail.secret ? { secret: mail.secret } : {}),
  };
  return { kind: MAIL_KIND, payload: { ...payload }, projectId: mail.projectId };
}

/** Queues a mail in the caller's transaction (ADR 032): it leaves only if that commits. */
export function enqueueMail<T extends MailTemplate>(db: DbOrTx, mail: NewMail<T>): Promise<number> {
  return enqueue(db, mailMessage(mail));
}

/** The outbox handler for mail: makes the message from its template and sends it. */
export function mailHandler(transport: MailTransport, from: string): OutboxHandler {
  const domain = from.match(/@([^>\s]+)/)?.[1] ?? 'planvy.invalid';
  return async (row) => {
    const payload = row.payload as unknown as MailPayload;
    const render = MAIL_TEMPLATES[payload.template] as
      ((lang: Language, params: unknown) => ReturnType<(typeof MAIL_TEMPLATES)[MailTemplate]>) | undefined;
    if (!render) throw new Error(`unknown mail template "${String(payload.template)}"`);
    if (payload.secret === undefined && JSON.stringify(payload.params).includes(SECRET_MARK)) {
      throw new Error('the secret of this mail is gone: it can no longer be sent');
    }
    const params = JSON.parse(
      JSON.stringify(payload.params).replaceAll(SECRET_MARK, encodeURIComponent(payload.secret ?? '')),
    ) as unknown;
    const rendered = render(languageOf(payload.lang), params);
    await transport.send({
      to: payload.to,
      ...rendered,
      messageId: `<outbox-${row.id}-${row.created_at.getTime()}@${domain}>`,
    });
  };
}
