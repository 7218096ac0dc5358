import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { argon2Passwords } from '../../lib/password';
import { DEFAULT_OUTBOX_OPTIONS } from '../outbox/loop';
import { auditLog, outbox, userTokens, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp-server';

/**
 * Invitations through real mail (ADR 033): the admin creates a user without a password,
 * the user and the mail exist together or not at all, the link sets the password once,
 * and nobody signs in to an invited account before that.
 */
let t: TestApp;
let smtp: TestSmtp;
const APP_URL = 'https://planvy.example';
const passwords = argon2Passwords();
const verify = vi.spyOn(passwords, 'verify');

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp(
    {
      mail: { smtpUrl: smtp.url, from: 'Planvy <planvy@example.com>', dir: '/nonexistent' },
      outbox: { ...DEFAULT_OUTBOX_OPTIONS, run: false },
      appUrl: APP_URL,
    },
    { passwords },
  );
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
let admin: Awaited<ReturnType<TestApp['createUser']>>;
beforeEach(async () => {
  await t.reset();
  smtp.received.length = 0;
  admin = await t.createUser('admin', { email: 'boss@example.com', first_name: 'Berit' });
});

const invite = (fields: Record<string, unknown> = {}, token = admin.token) =>
  t.as(token, {
    method: 'POST',
    url: '/api/v1/admin/user',
    payload: {
      email: 'nils@example.com',
      first_name: 'Nils',
      last_name: 'Holm',
      role: 'broker',
      invite: true,
      ...fields,
    },
  });
const resend = (id: number, token = admin.token) =>
  t.as(token, { method: 'POST', url: `/api/v1/admin/user/${id}/invitation`, payload: {} });
const accept = (token: string, password: string, confirm = password) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/invitation/accept',
    payload: { token, password, password_confirm: confirm },
  });
let nextIp = 0;
const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { email, password },
    remoteAddress: `10.7.0.${++nextIp % 250}`,
  });
async function mailedLinks(): Promise<URL[]> {
  await t.app.outbox.drain();
  return smtp.received.map((m) => new URL(/https?:\/\/\S+\/set-password\S*/.exec(m.text ?? '')![0]));
}
const tokenOf = (link: URL) => link.searchParams.get('token')!;

describe('inviting a user', () => {
  it('creates the user without a password and mails a link to choose one, in one transaction', async () => {
    const res = await invite({ language: 'en' });
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({ email: 'nils@example.com', invitation_pending: true });
    expect(await t.db.select().from(outbox)).toHaveLength(1);

    const [link] = await mailedLinks();
    const [mail] = smtp.received;
    expect(mail!.to).toMatchObject({ text: 'nils@example.com' });
    expect(mail!.subject).toBe('Berit Test has invited you to Planvy');
    expect(mail!.text).toContain('Hello Nils');
    expect(mail!.text).toContain(APP_URL);
    expect(`${link!.origin}${link!.pathname}`).toBe(`${APP_URL}/set-password`);
    // Only a hash is kept, valid 7 days.
    const [row] = await t.db.select().from(userTokens);
    expect(row).toMatchObject({ purpose: 'invite', used_at: null });
    const days = (row!.expires_at.getTime() - row!.created_at.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 2);
    expect(JSON.stringify(await t.db.select().from(userTokens))).not.toContain(tokenOf(link!));
    const audit = await t.db.select().from(auditLog);
    expect(audit).toMatchObject([
      {
        action: 'create',
        entity_id: String(user.id),
        detail: expect.objectContaining({ invitation: 'sent' }),
      },
    ]);
  });

  it('writes the mail in Swedish by default', async () => {
    await invite();
    await mailedLinks();
    expect(smtp.received[0]!.subject).toBe('Berit Test har bjudit in dig till Planvy');
  });

  it('leaves neither user nor mail when the user cannot be created', async () => {
    await t.createUser('client', { email: 'nils@example.com' });
    const res = await invite({ email: 'NILS@example.com' });
    expect(res.statusCode).toBe(422);
    expect(await t.db.select().from(outbox)).toEqual([]);
    expect(await t.db.select().from(userTokens)).toEqual([]);
  });

  it('refuses a password given with an invitation', async () => {
    const res = await invite({ password: 'glad-gran-33', password_confirm: 'glad-gran-33' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: { password: [expect.any(String)] } });
    expect(await t.db.select().from(users)).toHaveLength(1);
  });

  it("still creates a user with the spec's payload: a password and an empty confirmation", async () => {
    const res = await t.as(admin.token, {
      method: 'POST',
      url: '/api/v1/admin/user',
      payload: {
        email: 'eva@example.com',
        first_name: 'Eva',
        password: 'glad-gran-33',
        password_confirm: '',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.invitation_pending).toBe(false);
    expect((await login('eva@example.com', 'glad-gran-33')).statusCode).toBe(200);
    const none = await t.as(admin.token, {
      method: 'POST',
      url: '/api/v1/admin/user',
      payload: { email: 'ove@example.com', first_name: 'Ove', password_confirm: '' },
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toHaveProperty('password');
    expect(await t.db.select().from(outbox)).toEqual([]);
  });

  it('is for admins only: 403 for a client and a broker, and nothing is written', async () => {
    const client = await t.createUser('client');
    const broker = await t.createUser('broker');
    const { user } = (await invite()).json();
    for (const who of [client, broker]) {
      expect((await invite({ email: `x${who.id}@example.com` }, who.token)).statusCode).toBe(403);
      expect((await resend(user.id, who.token)).statusCode).toBe(403);
    }
    expect(await t.db.select().from(outbox)).toHaveLength(1);
    expect(await t.db.select().from(userTokens)).toHaveLength(1);
  });
});

describe('accepting an invitation', () => {
  it('nobody signs in before; the link sets the password once, then the user signs in', async () => {
    const { user } = (await invite()).json();
    // No password verifies against an invited account, an empty one included; and the
    // refusal costs a real hash check, as for an unknown address, so timing tells nothing.
    verify.mockClear();
    expect((await login('nils@example.com', 'anything-at-all')).statusCode).toBe(401);
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify.mock.calls[0]![0]).toMatch(/^\$argon2id\$/);
    expect((await login('nils@example.com', ' ')).statusCode).toBe(401);
    const [link] = await mailedLinks();

    expect((await accept(tokenOf(link!), 'glad-gran-33')).statusCode).toBe(204);
    expect((await login('nils@example.com', 'glad-gran-33')).statusCode).toBe(200);
    const got = await t.as(admin.token, { method: 'GET', url: `/api/v1/admin/user/${user.id}` });
    expect(got.json().user.invitation_pending).toBe(false);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'invite_accepted'))).toMatchObject([
      { actor_id: user.id, entity_id: String(user.id), route: 'POST /api/v1/invitation/accept' },
    ]);

    const again = await accept(tokenOf(link!), 'other-pine-44');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      code: 'invitationLinkInvalid',
      errors: { token: [expect.any(String)] },
    });
    expect((await login('nils@example.com', 'glad-gran-33')).statusCode).toBe(200);
    // Accepted: no second invitation.
    expect((await resend(user.id)).statusCode).toBe(409);
  });

  it('refuses an expired link and the account stays without a password', async () => {
    await invite();
    const [link] = await mailedLinks();
    await t.db.update(userTokens).set({ expires_at: sql`now() - interval '1 minute'` });
    const res = await accept(tokenOf(link!), 'glad-gran-33');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('token');
    expect((await login('nils@example.com', 'glad-gran-33')).statusCode).toBe(401);
  });

  it('follows the user form’s rules and keeps the link for another try', async () => {
    await invite();
    const token = tokenOf((await mailedLinks())[0]!);
    expect((await accept(token, '12345')).json().errors).toHaveProperty('password');
    expect((await accept(token, 'glad-gran-33', 'glad-gran-34')).json().errors).toHaveProperty(
      'password_confirm',
    );
    expect((await accept(token, 'password')).json().errors).toHaveProperty('password');
    expect((await accept(token, 'glad-gran-33')).statusCode).toBe(204);
  });

  it('a reset link is not an invitation link, nor the other way round', async () => {
    await invite();
    const token = tokenOf((await mailedLinks())[0]!);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/password-reset/complete',
      payload: { token, password: 'glad-gran-33', password_confirm: 'glad-gran-33' },
    });
    expect(res.statusCode).toBe(422);
    expect((await accept(token, 'glad-gran-33')).statusCode).toBe(204);
  });
});

describe('"Skicka inbjudan igen"', () => {
  it('mails a new link and the old one is spent', async () => {
    const { user } = (await invite()).json();
    expect((await resend(user.id)).statusCode).toBe(204);
    const [first, second] = (await mailedLinks()).map(tokenOf);
    expect(smtp.received).toHaveLength(2);
    expect((await accept(first!, 'glad-gran-33')).statusCode).toBe(422);
    expect((await accept(second!, 'glad-gran-33')).statusCode).toBe(204);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'invite'))).toMatchObject([
      { actor_id: admin.id, entity_id: String(user.id) },
    ]);
  });

  it('is 409 for a user who has a password and 404 for nobody', async () => {
    expect((await resend(admin.id)).statusCode).toBe(409);
    expect((await resend(9999)).statusCode).toBe(404);
    expect(await t.db.select().from(outbox)).toEqual([]);
  });
});
