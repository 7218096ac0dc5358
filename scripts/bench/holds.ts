/**
 * Holds that expire (issue 23, ADR 035), printed, never asserted. One app on an in-memory
 * embedded database with its outbox loop running, listening on a port: 1,000 apartments are
 * reserved through the API (app.inject), then every hold and its expiry row is moved to fall
 * due at the same instant, 2 s ahead (the benchmark's only shortcut: placing 1,000 holds on a
 * busy machine takes longer than a minute, so their own expiries would spread). Several public
 * live streams (open widgets) are read over real sockets meanwhile. Printed: how long after that
 * instant until the first stream had seen every apartment back for sale (each restore commits
 * with its live notification, so this is when the server had restored them all), and until
 * every stream had (goal ≤ 10 s). Mail is written as .eml files, as `npm start` does.
 */
import fs from 'node:fs';
import { openLiveStream, type LiveStream } from './live-stream';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_OUTBOX_OPTIONS } from '../../apps/api/src/modules/outbox/loop';
import { OUTBOX_CHANNEL } from '../../apps/api/src/modules/outbox/repository';
import { apartments, holds, outbox } from '../../apps/api/src/db/schema';
import { arrangeFor, createTestApp } from '../../apps/api/test/harness';

const HOLDS = 1000;
const STREAMS = 8;
const DUE_IN_MS = 2000;

interface Stream extends LiveStream {
  /** When this stream had seen every apartment back for sale. */
  done: Promise<number>;
}

function openStream(url: string, watched: ReadonlySet<number>): Stream {
  let done!: (at: number) => void;
  const restored = new Set<number>();
  const stream = openLiveStream(url, (apartments, at) => {
    for (const a of apartments) if (a.status === 'sale' && watched.has(a.id)) restored.add(a.id);
    if (restored.size === watched.size) done(at);
  });
  return { ...stream, done: new Promise<number>((r) => (done = r)) };
}

export async function run(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planvy-bench-holds-'));
  const t = await createTestApp({
    outbox: { ...DEFAULT_OUTBOX_OPTIONS, run: true },
    mail: { from: 'Planvy <planvy@localhost>', dir: path.join(dataDir, 'mail') },
    live: { streamsPerIp: STREAMS * 2, heartbeatMs: 60_000, ringSize: 256, maxBufferedBytes: 1 << 22 },
  });
  try {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await t.createUser('admin');
    const client = await t.createUser('client');
    const setup = arrangeFor(t, admin.token);
    const projectId = (await setup.project({ owner: client.id, name: 'Holds bench' })).id;
    const ids: number[] = [];
    for (let i = 0; i < HOLDS; i++) {
      ids.push((await setup.apartment(projectId, { bostad: String(1000 + i), status: 'sale' })).id);
    }
    const placeStart = performance.now();
    for (const id of ids) {
      const res = await t.as(admin.token, {
        method: 'POST',
        url: `/api/v1/holds/${projectId}`,
        payload: { apartment_id: id, name: `Buyer ${id}`, email: `buyer${id}@example.com`, days: 1 },
      });
      if (res.statusCode !== 201) throw new Error(`placing failed: ${res.statusCode} ${res.body}`);
    }
    const placeMs = performance.now() - placeStart;
    // Let the placement mails leave first, so the expiry is timed on its own.
    while ((await t.app.outbox.drain()) > 0);

    const watched = new Set(ids);
    const url = `${base}/api/v1/public/view/${projectId}/events`;
    const streams = Array.from({ length: STREAMS }, () => openStream(url, watched));
    await Promise.all(streams.map((s) => s.ready));

    const dueAt = new Date(Date.now() + DUE_IN_MS);
    await t.db.transaction(async (tx) => {
      await tx.update(holds).set({ expires_at: dueAt }).where(eq(holds.project_id, projectId));
      await tx
        .update(outbox)
        .set({ due_at: dueAt })
        .where(and(eq(outbox.kind, 'hold_due'), sql`${outbox.payload}->>'event' = 'expire'`));
      await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, 'due')`);
    });
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('not every status came back within 2 minutes')), 120_000).unref(),
    );
    const firstDone = await Promise.race([Promise.race(streams.map((s) => s.done)), timeout]);
    const allDone = Math.max(...(await Promise.race([Promise.all(streams.map((s) => s.done)), timeout])));
    streams.forEach((s) => s.close());
    const [left] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(apartments)
      .where(and(eq(apartments.project_id, projectId), eq(apartments.status, 'preorder')));

    const fromDue = (at: number) => at - dueAt.getTime();
    console.log(
      `load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')} on ${os.cpus().length} CPUs`,
    );
    console.log(`${HOLDS} holds placed in         ${placeMs.toFixed(0)} ms (one after another, app.inject)`);
    console.log(`all due at one instant → server restored all  ${fromDue(firstDone).toFixed(0)} ms`);
    console.log(
      `all due → every one of ${STREAMS} widgets saw all   ${fromDue(allDone).toFixed(0)} ms   goal ≤ 10000 ms   ${fromDue(allDone) <= 10_000 ? 'OK' : 'OVER'}`,
    );
    console.log(`apartments still stored as held  ${left?.n ?? '?'}`);
  } finally {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
