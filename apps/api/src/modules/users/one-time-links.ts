import { createHash, randomBytes } from 'node:crypto';
import { serverMessage } from '@planvy/shared';
import type { Db, DbOrTx } from '../../db/client';
import { invalid } from '../../lib/http-error';
import { hashPassword } from '../../lib/password';
import { insertAuditEntry } from '../audit/repository';
import * as repo from './repository';
import { assertPasswordStrong } from './service';

/** Only the SHA-256 of a link's token is stored: a copy of the table opens no account. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * A new single-use link for `purpose`, valid `minutes`: earlier unspent ones of the same
 * purpose stop working. Answers the token, which goes only into the mail (ADR 033).
 */
export async function issueLink(
  tx: DbOrTx,
  userId: number,
  purpose: repo.UserTokenPurpose,
  minutes: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await repo.revokeUserTokens(tx, userId, purpose);
  await repo.insertUserToken(tx, { user_id: userId, purpose, token_hash: tokenHash(token), minutes });
  return token;
}

const AUDIT_ACTION: Record<repo.UserTokenPurpose, string> = {
  password_reset: 'password_reset',
  invite: 'invite_accepted',
};

/**
 * Sets the password a live link of `purpose` allows, spends it and every other link the
 * user has (a set password ends an invitation and a reset alike), and ends every session
 * (a new token version), as a password change does. The audit log records it as the
 * user's own act.
 */
export async function setPasswordFromLink(
  db: Db,
  purpose: repo.UserTokenPurpose,
  token: string,
  password: string,
  request: { route: string; id: string },
): Promise<void> {
  const refused = () =>
    invalid('token', serverMessage(purpose === 'invite' ? 'invitationLinkInvalid' : 'resetLinkInvalid'));
  const found = await repo.findLiveUserToken(db, purpose, tokenHash(token));
  if (!found) throw refused();
  assertPasswordStrong(password, found.user);
  // Hashed before the transaction: an argon2 hash must not hold the database.
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    if (!(await repo.spendUserToken(tx, found.id))) throw refused();
    await repo.revokeUserTokens(tx, found.user.id);
    await repo.updateUser(tx, found.user.id, { password_hash: passwordHash }, true);
    const { user } = found;
    await insertAuditEntry(tx, {
      actor_id: user.id,
      actor_name: `${user.first_name} ${user.last_name}`.trim(),
      action: AUDIT_ACTION[purpose],
      entity_type: 'user',
      entity_id: String(user.id),
      route: request.route,
      request_id: request.id,
    });
  });
}
