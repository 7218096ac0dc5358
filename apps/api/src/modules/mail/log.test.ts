import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_OUTBOX_OPTIONS } from '../outbox/loop';
import { auditLog, outbox } from '../../db/schema';
import { arrangeFor, createTestApp, type TestApp } from '../../../test/harness';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp-server';
import { enqueueMail } from './mail';

/**
 * The back-office mail log: what left and how, for admins only, filtered per project and
 * status, "Skicka igen" as a copy, and never a link's token.
 */
let t: TestApp;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({
    mail: { smtpUrl: smtp.url, from: 'Planvy <planvy@example.com>', dir: '/nonexistent' },
    outbox: { ...DEFAULT_OUTBOX_OPTIONS, run: false, maxAttempts: 1 },
    appUrl: 'https://planvy.example',
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
let admin: Awaited<ReturnType<TestApp['createUser']>>;
beforeEach(async () => {
  await t.reset();
  smtp.received.length = 0;
  smtp.refuseNext(0);
  admin = await t.createUser('admin', { email: 'boss@example.com', first_name: 'Berit' });
});

const log = (query = '', token = admin.token) =>
  t.as(token, { method: 'GET', url: `/api/v1/admin/mail${query}` });
const resend = (id: number, token = admin.token) =>
  t.as(token, { method: 'POST', url: `/api/v1/admin/mail/${id}/resend` });
/** A mail without a one-time link, as a project's mails will be; for the copy "Skicka igen" sends. */
const projectMail = (to: string, projectId: number | null) =>
  t.db.transaction((tx) =>
    enqueueMail(tx, {
      to,
      lang: 'en',
      template: 'password_reset',
      params: { name: 'Ada', link: 'https://planvy.example/login', minutes: 60 },
      projectId,
    }),
  );
let names = 0;
const newProject = async () =>
  (await arrangeFor(t, admin.token).project({ owner: admin.id, name: `P${++names}` })).id;
const invite = (email: string) =>
  t.as(admin.token, {
    method: 'POST',
    url: '/api/v1/admin/user',
    payload: { email, first_name: 'Nils', invite: true, language: 'en' },
  });

describe('the mail log', () => {
  it('lists each mail newest first with its status, and never a token', async () => {
    expect((await invite('nils@example.com')).statusCode).toBe(201);
    const queued = (await log()).json();
    expect(queued).toMatchObject({
      mails: [
        {
          to: 'nils@example.com',
          template: 'invitation',
          subject: 'Berit Test has invited you to Planvy',
          status: 'pending',
          attempts: 0,
          project_id: null,
          resendable: false,
        },
      ],
      next_before: null,
    });
    // While queued, the outbox holds the token; the log answers nothing of it.
    const [row] = await t.db.select().from(outbox);
    const secret = (row!.payload as { secret: string }).secret;
    expect(secret).toHaveLength(43);
    expect(JSON.stringify(queued)).not.toContain(secret);
    expect(JSON.stringify(queued)).not.toContain('set-password');

    await t.app.outbox.drain();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.text).toContain(secret);
    const sent = (await log()).json();
    expect(sent.mails[0]).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(sent.mails[0].sent_at).toEqual(expect.any(String));
    expect(JSON.stringify(sent)).not.toContain(secret);
  });

  it('shows a failed mail with its last error, and filters by status and project', async () => {
    const project = await newProject();
    const other = await newProject();
    smtp.refuseNext(1);
    const failedId = await projectMail('a@example.com', project);
    await t.app.outbox.drain();
    await projectMail('b@example.com', other);
    await projectMail('c@example.com', null);

    const all = (await log()).json();
    expect(all.mails.map((m: { to: string }) => m.to)).toEqual([
      'c@example.com',
      'b@example.com',
      'a@example.com',
    ]);
    const failed = (await log('?status=failed')).json();
    expect(failed.mails).toMatchObject([{ id: failedId, status: 'failed', attempts: 1 }]);
    expect(failed.mails[0].last_error).toMatch(/451/);
    expect((await log(`?project=${project}`)).json().mails).toMatchObject([{ to: 'a@example.com' }]);
    expect((await log(`?project=${other}`)).json().mails).toMatchObject([{ to: 'b@example.com' }]);
  });

  it('pages with before', async () => {
    for (let i = 0; i < 3; i++) await projectMail(`p${i}@example.com`, null);
    const first = (await log('?limit=2')).json();
    expect(first.mails).toHaveLength(2);
    const second = (await log(`?limit=2&before=${first.next_before}`)).json();
    expect(second).toMatchObject({ mails: [{ to: 'p0@example.com' }], next_before: null });
  });

  it('"Skicka igen" queues a copy that leaves; the original stays as it ended', async () => {
    smtp.refuseNext(1);
    const id = await projectMail('a@example.com', null);
    await t.app.outbox.drain();
    const res = await resend(id);
    expect(res.statusCode).toBe(201);
    const copy = res.json().mail;
    expect(copy).toMatchObject({ to: 'a@example.com', status: 'pending', attempts: 0, resendable: true });
    expect(copy.id).not.toBe(id);
    await t.app.outbox.drain();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toMatchObject({ text: 'a@example.com' });
    const mails = (await log()).json().mails;
    expect(mails).toMatchObject([
      { id: copy.id, status: 'sent' },
      { id, status: 'failed' },
    ]);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'resend'))).toMatchObject([
      { entity_type: 'mail', actor_id: admin.id },
    ]);
  });

  it('refuses to copy a mail whose one-time link is gone (409), and an unknown mail is 404', async () => {
    await invite('nils@example.com');
    await t.app.outbox.drain();
    const [row] = await t.db.select().from(outbox);
    const res = await resend(row!.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'mailHasLink' });
    expect((await resend(9999)).statusCode).toBe(404);
    expect(await t.db.select().from(outbox)).toHaveLength(1);
  });

  it('is for admins only: 403 for a client and a broker, nothing copied', async () => {
    const id = await projectMail('a@example.com', null);
    for (const role of ['client', 'broker'] as const) {
      const who = await t.createUser(role);
      expect((await log('', who.token)).statusCode).toBe(403);
      expect((await resend(id, who.token)).statusCode).toBe(403);
    }
    expect(await t.db.select().from(outbox)).toHaveLength(1);
  });
});
