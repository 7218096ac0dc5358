import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { outbox, outboxAttempts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp-server';
import { enqueueMail, MAIL_KIND, mailHandler, SECRET_MARK } from '../mail/mail';
import { createMailTransport } from '../mail/transport';
import { DEFAULT_OUTBOX_OPTIONS, OutboxLoop } from './loop';
import { claimDue, finish, pruneEnded } from './repository';

/**
 * The outbox (ADR 032) against a real SMTP server in this process: a message exists only
 * if its transaction commits, leaves once, is retried with back-off, and is given up after
 * the last attempt. Runs on PGlite and on PostgreSQL.
 */
let t: TestApp;
let smtp: TestSmtp;
const OPTIONS = { ...DEFAULT_OUTBOX_OPTIONS, run: false, batch: 5, maxAttempts: 3 };

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({
    mail: { smtpUrl: smtp.url, from: 'Planvy <planvy@example.com>', dir: '/nonexistent' },
    outbox: OPTIONS,
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
beforeEach(async () => {
  await t.reset();
  smtp.received.length = 0;
  smtp.refuseNext(0);
});

const reset = (to: string, secret?: string) =>
  t.db.transaction((tx) =>
    enqueueMail(tx, {
      to,
      lang: 'en',
      template: 'password_reset',
      params: { name: 'Ada', link: `http://planvy.test/reset-password?token=${SECRET_MARK}`, minutes: 60 },
      secret,
    }),
  );
const rowOf = async (id: number) => (await t.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;
const attemptsOf = (id: number) =>
  t.db.select().from(outboxAttempts).where(eq(outboxAttempts.outbox_id, id)).orderBy(outboxAttempts.attempt);
/** When the row is due, in ms after its last attempt ended: the back-off it was given. */
const backoffOf = async (id: number) => {
  const row = await rowOf(id);
  const last = (await attemptsOf(id)).at(-1)!;
  return row.due_at.getTime() - last.finished_at.getTime();
};
const makeDue = (id: number) =>
  t.db
    .update(outbox)
    .set({ due_at: sql`now()` })
    .where(eq(outbox.id, id));

describe('enqueueing', () => {
  it('writes the message only when the transaction commits', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueMail(tx, {
          to: 'gone@example.com',
          lang: 'sv',
          template: 'password_reset',
          params: { name: 'X', link: 'http://x', minutes: 60 },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.db.select().from(outbox)).toEqual([]);
    expect(await t.app.outbox.drain()).toBe(0);

    const id = await reset('kept@example.com', 'tok');
    expect((await rowOf(id)).status).toBe('pending');
  });
});

describe('sending', () => {
  it('sends a due message once over SMTP, records the attempt and forgets the secret', async () => {
    const id = await reset('ada@example.com', 'the-token');
    expect(await t.app.outbox.drain()).toBe(1);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toMatchObject({ text: 'ada@example.com' });
    expect(mail!.from).toMatchObject({ text: '"Planvy" <planvy@example.com>' });
    expect(mail!.subject).toBe('Choose a new password for Planvy');
    expect(mail!.text).toContain('http://planvy.test/reset-password?token=the-token');
    expect(mail!.html).toContain('href="http://planvy.test/reset-password?token=the-token"');
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null, claim: null });
    expect(row.sent_at).toBeInstanceOf(Date);
    expect(row.payload).not.toHaveProperty('secret');
    expect(await attemptsOf(id)).toMatchObject([{ attempt: 1, error: null }]);
    // Nothing is left to send: a second pass sends nothing again.
    expect(await t.app.outbox.drain()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('retries after an SMTP failure with a doubling back-off, then sends', async () => {
    smtp.refuseNext(2);
    const id = await reset('retry@example.com', 'tok');
    await t.app.outbox.drain();
    expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await rowOf(id)).last_error).toMatch(/451/);
    // Not due yet: another pass now sends nothing.
    expect(await t.app.outbox.drain()).toBe(0);
    const first = await backoffOf(id);
    expect(first).toBeGreaterThan(OPTIONS.firstRetryMs - 1000);
    expect(first).toBeLessThan(OPTIONS.firstRetryMs + 1000);

    await makeDue(id);
    await t.app.outbox.drain();
    expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 2 });
    const second = await backoffOf(id);
    expect(second).toBeGreaterThan(2 * OPTIONS.firstRetryMs - 1000);
    expect(second).toBeLessThan(2 * OPTIONS.firstRetryMs + 1000);

    await makeDue(id);
    await t.app.outbox.drain();
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    expect((await attemptsOf(id)).map((a) => a.error === null)).toEqual([false, false, true]);
    expect(smtp.received).toHaveLength(1);
  });

  it('gives a message up after the last attempt and forgets its secret', async () => {
    smtp.refuseNext(OPTIONS.maxAttempts);
    const id = await reset('never@example.com', 'tok');
    for (let i = 0; i < OPTIONS.maxAttempts; i++) {
      await makeDue(id);
      await t.app.outbox.drain();
    }
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'failed', attempts: OPTIONS.maxAttempts });
    expect(row.payload).not.toHaveProperty('secret');
    await makeDue(id);
    expect(await t.app.outbox.drain()).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it('takes over a row whose claimer stopped, and the late claimer changes nothing', async () => {
    const id = await reset('lapsed@example.com', 'tok');
    const [stale] = await claimDue(t.db, 1, OPTIONS.leaseMs);
    expect(stale).toMatchObject({ id, status: 'sending' });
    // Its lease has not lapsed: nobody else takes it.
    expect(await t.app.outbox.drain()).toBe(0);
    await makeDue(id);
    expect(await t.app.outbox.drain()).toBe(1);
    await finish(t.db, stale!, new Date(), { sent: false, error: 'late', retryInMs: 1000 });
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received).toHaveLength(1);
  });
});

describe('two loops on one database', () => {
  it('send each message exactly once', async () => {
    const count = 30;
    for (let i = 0; i < count; i++) await reset(`buyer${i}@example.com`, `tok${i}`);
    // On PostgreSQL the second loop has its own connections, as another instance would.
    const other: Database | undefined = t.databaseUrl
      ? await openDatabase({ databaseUrl: t.databaseUrl })
      : undefined;
    const transport = createMailTransport(t.config.mail);
    const send = mailHandler(transport, t.config.mail.from);
    // The second loop claims its first batch and holds it until the first loop has sent a message
    // of its own: both take part whatever the timing (alone, either could drain all 30 first).
    let holding!: () => void;
    const secondHolds = new Promise<void>((resolve) => (holding = resolve));
    let first = true;
    const second = new OutboxLoop(
      other?.db ?? t.db,
      {
        [MAIL_KIND]: {
          send: async (row) => {
            if (first) {
              first = false;
              holding();
              await smtp.waitFor(1);
            }
            return send(row);
          },
        },
      },
      OPTIONS,
      { error: () => undefined },
    );
    try {
      const secondDrains = second.drain();
      await secondHolds;
      const [a, b] = await Promise.all([t.app.outbox.drain(), secondDrains]);
      expect(a + b).toBe(count);
      expect(a).toBeGreaterThan(0);
      expect(b).toBeGreaterThan(0);
    } finally {
      transport.close();
      await other?.close();
    }
    const received = await smtp.waitFor(count);
    const recipients = received.map((m) => (Array.isArray(m.to) ? '' : m.to?.text)).sort();
    expect(recipients).toEqual(Array.from({ length: count }, (_, i) => `buyer${i}@example.com`).sort());
    expect(new Set(received.map((m) => m.messageId)).size).toBe(count);
    const rows = await t.db.select().from(outbox);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});

describe('the loop of a running instance', () => {
  it('is woken by the notification of a committed write, not by its poll', async () => {
    const app = await buildApp({
      config: { ...t.config, outbox: { ...OPTIONS, run: true, pollMs: 10 * 60_000 } },
      db: t.db,
      jwtSecret: 'test-secret-'.padEnd(48, 'x'),
    });
    await app.ready();
    try {
      await reset('woken@example.com', 'tok');
      const [mail] = await smtp.waitFor(1);
      expect(mail!.to).toMatchObject({ text: 'woken@example.com' });
    } finally {
      await app.close();
    }
  });
});

describe('housekeeping', () => {
  it('drops rows that ended more than 30 days ago, with their attempts, and keeps the rest', async () => {
    const oldSent = await reset('old@example.com', 'a');
    const oldPending = await reset('waiting@example.com', 'b');
    const recent = await reset('recent@example.com', 'c');
    expect(await t.app.outbox.drain()).toBe(3);
    await t.db
      .update(outbox)
      .set({ created_at: sql`now() - interval '31 days'` })
      .where(inArray(outbox.id, [oldSent, oldPending]));
    await t.db.update(outbox).set({ status: 'pending' }).where(eq(outbox.id, oldPending));

    expect(await pruneEnded(t.db, 30)).toBe(1);
    const left = (await t.db.select({ id: outbox.id }).from(outbox)).map((r) => r.id).sort();
    expect(left).toEqual([oldPending, recent].sort());
    expect(await attemptsOf(oldSent)).toEqual([]);
    expect(await attemptsOf(recent)).toHaveLength(1);
  });

  it('runs after a pass of the loop, at most once per interval', async () => {
    let runs = 0;
    const transport = createMailTransport(t.config.mail);
    const loop = new OutboxLoop(
      t.db,
      { [MAIL_KIND]: { send: mailHandler(transport, t.config.mail.from) } },
      { ...OPTIONS, run: true, pollMs: 60_000 },
      { error: () => undefined },
      () => {
        runs += 1;
        return Promise.resolve();
      },
    );
    try {
      loop.start();
      await vi.waitFor(() => expect(runs).toBe(1));
      // A second pass, which sends a mail: within the hour it does no housekeeping.
      await reset('second-pass@example.com', 'tok');
      loop.wake();
      await smtp.waitFor(1);
    } finally {
      await loop.stop();
      transport.close();
    }
    expect(runs).toBe(1);
  });

  it("removes the embedded mail store's .eml copies written before the cut-off, and nothing else", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'planvy-eml-'));
    try {
      const transport = createMailTransport({ from: 'planvy@example.com', dir });
      await transport.send({
        to: 'a@example.com',
        subject: 'Old',
        text: 'x',
        html: '<p>x</p>',
        messageId: '<1@planvy>',
      });
      await transport.send({
        to: 'b@example.com',
        subject: 'New',
        text: 'y',
        html: '<p>y</p>',
        messageId: '<2@planvy>',
      });
      await fs.writeFile(path.join(dir, 'notes.txt'), 'not mail');
      const [oldFile, newFile] = (await fs.readdir(dir)).filter((n) => n.endsWith('.eml')).sort();
      const longAgo = new Date(Date.now() - 40 * 24 * 3600_000);
      await fs.utimes(path.join(dir, oldFile!), longAgo, longAgo);
      await fs.utimes(path.join(dir, 'notes.txt'), longAgo, longAgo);

      expect(await transport.prune(new Date(Date.now() - 30 * 24 * 3600_000))).toBe(1);
      expect((await fs.readdir(dir)).sort()).toEqual([newFile, 'notes.txt'].sort());
      transport.close();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
