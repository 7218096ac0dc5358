import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_OUTBOX_OPTIONS } from '../outbox/loop';
import { auditLog, outbox, userTokens } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp-server';

/**
 * "Glömt lösenord?" through real mail: the answer never says whether an address has an
 * account, the link works once and for an hour, and using it ends every session.
 */
let t: TestApp;
let smtp: TestSmtp;
const APP_URL = 'https://planvy.example';

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({
    mail: { smtpUrl: smtp.url, from: 'Planvy <planvy@example.com>', dir: '/nonexistent' },
    outbox: { ...DEFAULT_OUTBOX_OPTIONS, run: false },
    appUrl: APP_URL,
    loginLimits: { perEmail: 8, perIp: 6, windowSeconds: 900, backoffMaxSeconds: 300 },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
beforeEach(async () => {
  await t.reset();
  smtp.received.length = 0;
});

let nextIp = 0;
/** Each call from its own address unless one is given, so the per-address limit stays out of the way. */
const ask = (email: string, opts: { language?: string; ip?: string; host?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/password-reset',
    payload: { email, ...(opts.language ? { language: opts.language } : {}) },
    remoteAddress: opts.ip ?? `10.1.0.${++nextIp % 250}`,
    headers: opts.host ? { host: opts.host } : {},
  });
const complete = (token: string, password: string, confirm = password) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/password-reset/complete',
    payload: { token, password, password_confirm: confirm },
  });
const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { email, password },
    remoteAddress: '10.9.9.9',
  });

/** Sends what the outbox holds and answers the links that arrived, in order. */
async function mailedLinks(): Promise<URL[]> {
  await t.app.outbox.drain();
  return smtp.received.map((m) => new URL(/https?:\/\/\S+/.exec(m.text ?? '')![0]));
}
const tokenOf = (link: URL) => link.searchParams.get('token')!;

describe('asking for a link', () => {
  it('answers an unknown address exactly as a known one, and mails only the known one', async () => {
    await t.createUser('client', { email: 'karin@example.com', first_name: 'Karin' });
    const known = await ask('Karin@Example.com');
    const unknown = await ask('nobody@example.com');
    expect(known.statusCode).toBe(204);
    expect(unknown.statusCode).toBe(204);
    expect(unknown.body).toBe(known.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());

    const links = await mailedLinks();
    expect(links).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.to).toMatchObject({ text: 'karin@example.com' });
    expect(mail!.subject).toBe('Välj ett nytt lösenord till Planvy');
    expect(mail!.text).toContain('Hej Karin');
    expect(`${links[0]!.origin}${links[0]!.pathname}`).toBe(`${APP_URL}/reset-password`);
    expect(await t.db.select().from(outbox)).toHaveLength(1);
  });

  it('writes the mail in the language asked for', async () => {
    await t.createUser('client', { email: 'ann@example.com', first_name: 'Ann' });
    await ask('ann@example.com', { language: 'en' });
    await mailedLinks();
    expect(smtp.received[0]!.subject).toBe('Choose a new password for Planvy');
  });

  it('keeps only a hash of the token, and the outbox forgets it once sent', async () => {
    await t.createUser('client', { email: 'ann@example.com' });
    await ask('ann@example.com');
    const [link] = await mailedLinks();
    const token = tokenOf(link!);
    const stored = JSON.stringify([await t.db.select().from(userTokens), await t.db.select().from(outbox)]);
    expect(token).toHaveLength(43);
    expect(stored).not.toContain(token);
  });

  it('never builds the link from the Host header a caller sends', async () => {
    await t.createUser('client', { email: 'ann@example.com' });
    await ask('ann@example.com', { host: 'evil.example' });
    const [link] = await mailedLinks();
    expect(link!.origin).toBe(APP_URL);
  });

  it('limits an address like sign-in (429), and one e-mail to three mails an hour, answered the same', async () => {
    await t.createUser('client', { email: 'ann@example.com' });
    for (let i = 0; i < 6; i++)
      expect((await ask(`x${i}@example.com`, { ip: '10.2.0.1' })).statusCode).toBe(204);
    const refused = await ask('ann@example.com', { ip: '10.2.0.1' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json()).toMatchObject({ status_code: 429, code: 'tooManyResets' });

    for (let i = 0; i < 5; i++) expect((await ask('ann@example.com')).statusCode).toBe(204);
    expect(await mailedLinks()).toHaveLength(3);
  });

  it('refuses what is not an e-mail address with the envelope', async () => {
    const res = await ask('not-an-address');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status_code: 422, errors: { email: expect.any(Array) } });
  });
});

describe('setting the new password', () => {
  it('sets it once, ends every session, and the link cannot be used again', async () => {
    const user = await t.createUser('client', { email: 'ann@example.com' });
    const before = await t.as(user.token, { method: 'GET', url: '/api/v1/user/me' });
    expect(before.statusCode).toBe(200);
    await ask('ann@example.com');
    const token = tokenOf((await mailedLinks())[0]!);

    expect((await complete(token, 'glad-gran-33')).statusCode).toBe(204);
    expect((await login('ann@example.com', 'glad-gran-33')).statusCode).toBe(200);
    expect((await login('ann@example.com', 'secret123')).statusCode).toBe(401);
    expect((await t.as(user.token, { method: 'GET', url: '/api/v1/user/me' })).statusCode).toBe(401);
    expect(await t.db.select().from(auditLog).orderBy(auditLog.id)).toMatchObject([
      {
        actor_id: user.id,
        action: 'password_reset',
        entity_type: 'user',
        entity_id: String(user.id),
        route: 'POST /api/v1/password-reset/complete',
      },
    ]);

    const again = await complete(token, 'other-pine-44');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ errors: { token: [expect.any(String)] }, code: 'resetLinkInvalid' });
    expect((await login('ann@example.com', 'glad-gran-33')).statusCode).toBe(200);
  });

  it('refuses an expired link and changes nothing', async () => {
    await t.createUser('client', { email: 'ann@example.com' });
    await ask('ann@example.com');
    const token = tokenOf((await mailedLinks())[0]!);
    await t.db.update(userTokens).set({ expires_at: sql`now() - interval '1 minute'` });
    const res = await complete(token, 'glad-gran-33');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.token).toEqual([
      'This link has expired or has already been used. Ask for a new one.',
    ]);
    expect((await login('ann@example.com', 'secret123')).statusCode).toBe(200);
  });

  it('an unknown token is refused the same way', async () => {
    const res = await complete('x'.repeat(43), 'glad-gran-33');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('token');
  });

  it('a newer link makes the earlier one stop working', async () => {
    await t.createUser('client', { email: 'ann@example.com' });
    await ask('ann@example.com');
    await ask('ann@example.com');
    const [first, second] = (await mailedLinks()).map(tokenOf);
    expect((await complete(first!, 'glad-gran-33')).statusCode).toBe(422);
    expect((await complete(second!, 'glad-gran-33')).statusCode).toBe(204);
  });

  it('follows the user form’s rules and keeps the link for another try', async () => {
    await t.createUser('client', { email: 'ann@example.com' });
    await ask('ann@example.com');
    const token = tokenOf((await mailedLinks())[0]!);
    const short = await complete(token, '12345');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toHaveProperty('password');
    const mismatch = await complete(token, 'glad-gran-33', 'glad-gran-34');
    expect(mismatch.json().errors).toHaveProperty('password_confirm');
    const common = await complete(token, 'password');
    expect(common.statusCode).toBe(422);
    expect(common.json().errors).toHaveProperty('password');
    const [row] = await t.db.select().from(userTokens).where(eq(userTokens.purpose, 'password_reset'));
    expect(row!.used_at).toBeNull();
    expect((await complete(token, 'glad-gran-33')).statusCode).toBe(204);
  });
});
