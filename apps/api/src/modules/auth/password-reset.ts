import { createHash } from 'node:crypto';
import type { Language } from '@planvy/shared';
import type { Db } from '../../db/client';
import type { AppConfig } from '../../env';
import { DbLimiter } from '../../lib/rate-limiter';
import { enqueueMail, SECRET_MARK } from '../mail/mail';
import { issueLink, tokenHash } from '../users/one-time-links';
import * as repo from '../users/repository';

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
  const minutes = config.passwordResetMinutes;
  await db.transaction(async (tx) => {
    const token = await issueLink(tx, user.id, 'password_reset', minutes);
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
