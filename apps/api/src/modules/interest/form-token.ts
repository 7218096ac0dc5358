import { createHmac, timingSafeEqual } from 'node:crypto';
import { INTEREST_RULES } from '@planvy/shared';

/**
 * The interest form's "shown at" stamp (ADR 036): the server signs when it handed the widget
 * a form for a project, so the minimum fill time cannot be faked by the sender, and a stamp
 * is good for one project and one day. Nothing is stored.
 */
export class InterestFormTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('planvy interest form').digest();
  }

  private mac(projectId: number, at: number): string {
    return createHmac('sha256', this.key).update(`${projectId}.${at}`).digest('base64url');
  }

  /** A stamp for a form shown at `at` (ms since the epoch). */
  issue(projectId: number, at = Date.now()): string {
    return `${at}.${this.mac(projectId, at)}`;
  }

  /** Whether `token` is this server's, for this project, at least the minimum fill time old and not stale. */
  check(projectId: number, token: string, now = Date.now()): boolean {
    const m = /^(\d{1,15})\.([\w-]{43})$/.exec(token);
    if (!m) return false;
    const at = Number(m[1]);
    const expected = Buffer.from(this.mac(projectId, at));
    const given = Buffer.from(m[2]!);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    const age = now - at;
    return age >= INTEREST_RULES.minFillSeconds * 1000 && age <= INTEREST_RULES.formTokenHours * 3600_000;
  }
}
