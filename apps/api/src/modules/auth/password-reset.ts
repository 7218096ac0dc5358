import { createHash, randomBytes } from 'node:crypto';
import { serverMessage, type Language } from '@planvy/shared';
import type { Db } from '../../db/client';
import type { AppConfig } from '../../env';
import { invalid } from '../../lib/http-error';
import { hashPassword } from '../../lib/password';
import { DbLimiter } from '../../lib/rate-limiter';
import { enqueueMail, SECRET_MARK } from '../mail/mail';
import { insertAuditEntry } from '../audit/repository';
import * as repo from '../users/repository';
import { assertPasswordStrong } from '../users/service';

/** Only the SHA-256 of a link's token is stored: a copy of the table opens no account. */
const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Requests one address may cause per hour; past it more are answered the same and send nothing. */
const MAILS_PER_EMAIL_HOUR = 3;

/**
 * "Glömt lösenord?": limits per client address (answered 429, as sign-in is) and per e-mail
 * (answered as always, but nothing more is sent, so nobody can flood an inbox or learn
 * anything from a refusal).
 */
export class PasswordResetLimits {
  private readonly ip: DbLimiter;
  private readonly email: DbLimiter;

  constructor(db: Db, limits: AppConfig['loginLimits']) {
    this.ip = new DbLimiter(db, {
      keyPrefix: 'reset-ip',
      points: limits.perIp,
      duration: limits.windowSeconds,
    });
    this.email = new DbLimiter(db, {
      keyPrefix: 'reset-email',
      points: MAILS_PER_EMAIL_HOUR,
      duration: 60 * 60,
    });
  }

  admitAddress(ip: string) {
    return this.ip.consume(createHash('sha256').update(ip).digest('base64url'));
  }

  async admitEmail(email: string): Promise<boolean> {
    return (await this.email.consume(tokenHash(email.trim().toLowerCase()))).ok;
  }
}

/**
 * For an existing user: a new single-use link (earlier unspent ones stop working), and the
 * mail that carries it, written to the outbox in the same transaction. For an unknown
 * address: nothing. The caller answers the same either way.
 */
export async function requestPasswordReset(
  db: Db,
  config: Pick<AppConfig, 'appUrl' | 'passwordResetMinutes'>,
  email: string,
  lang: Language,
): Promise<void> {
  const user = await repo.findUserByEmail(db, email);
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  const minutes = config.passwordResetMinutes;
  await db.transaction(async (tx) => {
    await repo.revokeUserTokens(tx, user.id, 'password_reset');
    await repo.insertUserToken(tx, {
      user_id: user.id,
      purpose: 'password_reset',
      token_hash: tokenHash(token),
      minutes,
    });
    await enqueueMail(tx, {
      to: user.email,
      lang,
      template: 'password_reset',
      params: {
        name: user.first_name,
        link: `${config.appUrl}/reset-password?token=${SECRET_MARK}`,
        minutes,
      },
      secret: token,
    });
  });
}

/**
 * Sets the password a live link allows, spends the link and every other of the user's, and
 * ends every session the user has (a new token version), as a password change does. The
 * audit log records it as the user's own act.
 */
export async function completePasswordReset(
  db: Db,
  token: string,
  password: string,
  request: { route: string; id: string },
): Promise<void> {
  const refused = () => invalid('token', serverMessage('resetLinkInvalid'));
  const found = await repo.findLiveUserToken(db, 'password_reset', tokenHash(token));
  if (!found) throw refused();
  assertPasswordStrong(password, found.user);
  // Hashed before the transaction: an argon2 hash must not hold the database.
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    if (!(await repo.spendUserToken(tx, found.id))) throw refused();
    await repo.revokeUserTokens(tx, found.user.id, 'password_reset');
    await repo.updateUser(tx, found.user.id, { password_hash: passwordHash }, true);
    const { user } = found;
    await insertAuditEntry(tx, {
      actor_id: user.id,
      actor_name: `${user.first_name} ${user.last_name}`.trim(),
      action: 'password_reset',
      entity_type: 'user',
      entity_id: String(user.id),
      route: request.route,
      request_id: request.id,
    });
  });
}
