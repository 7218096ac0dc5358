import { serverMessage, type Language } from '@planvy/shared';
import type { DbOrTx } from '../../db/client';
import type { AppConfig } from '../../env';
import { conflict, notFound } from '../../lib/http-error';
import { enqueueMail, SECRET_MARK } from '../mail/mail';
import { issueLink } from './one-time-links';
import * as repo from './repository';

/** The password hash of an invited user who has not chosen one yet: no password verifies against it. */
export const NO_PASSWORD = '';

export const invitationPending = (row: Pick<repo.UserRow, 'password_hash'>) =>
  row.password_hash === NO_PASSWORD;

export interface Inviter {
  /** The admin's name, for the mail. */
  name: string;
  lang: Language;
}

/**
 * A new invitation link for a user who has no password yet (an earlier unspent one stops
 * working), and the mail that carries it, in the caller's transaction (ADR 033).
 */
export async function sendInvitation(
  tx: DbOrTx,
  config: Pick<AppConfig, 'appUrl' | 'invitationDays'>,
  user: repo.UserRow,
  inviter: Inviter,
): Promise<void> {
  const days = config.invitationDays;
  const token = await issueLink(tx, user.id, 'invite', days * 24 * 60);
  await enqueueMail(tx, {
    to: user.email,
    lang: inviter.lang,
    template: 'invitation',
    params: {
      name: user.first_name,
      inviter: inviter.name,
      link: `${config.appUrl}/set-password?token=${SECRET_MARK}`,
      days,
      appUrl: config.appUrl,
    },
    secret: token,
  });
}

/** "Skicka inbjudan igen": a new link, the old one spent. 409 once the user has chosen a password. */
export async function resendInvitation(
  db: DbOrTx,
  config: Pick<AppConfig, 'appUrl' | 'invitationDays'>,
  id: number,
  inviter: Inviter,
): Promise<void> {
  const user = await repo.findUserById(db, id);
  if (!user) throw notFound('User');
  if (!invitationPending(user)) throw conflict(serverMessage('invitationAccepted'));
  await sendInvitation(db, config, user, inviter);
}
