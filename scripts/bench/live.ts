/**
 * Live availability figures (issue 14, ADR 015), printed, never asserted: one server on the
 * embedded database with 1,000 open event streams of one project; 100 status changes are
 * saved one after another through the admin API, and every stream's delivery of every change
 * is timed from the moment its save was sent (median and p99, goal p99 ≤ 2 s), with the
 * server's resident memory per open stream. The streams are read by this process over
 * loopback; the server is a separate process, as in production.
 */
import fs from 'node:fs';
import { openLiveStream, type LiveStream } from './live-stream';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { arrange, overFetch } from '@planvy/shared/test/arrange';
import { call, createBenchProject, spawnServer, stop, waitFor } from '../../e2e/support/server';

const STREAMS = 1000;
const CHANGES = 100;

const rssOf = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
};
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** One stream: apartment id → first delivery time. */
function openStream(url: string, onApartments: (ids: number[], at: number) => void): LiveStream {
  return openLiveStream(
    url,
    (apartments, at) =>
      onApartments(
        apartments.map((a) => a.id),
        at,
      ),
    {
      clock: () => performance.now(),
    },
  );
}

export async function run(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planvy-bench-live-'));
  const server = await spawnServer(dataDir, {
    LIVE_STREAMS_PER_IP: String(STREAMS * 2),
    CONNECTIONS_PER_IP: String(STREAMS * 2),
  });
  try {
    await waitFor(`${server.baseURL}/api/health`, server.child, server.output);
    const pid = server.child.pid!;
    const { token, projectId } = await createBenchProject(server.baseURL, 'Live bench');
    const ids: number[] = [];
    for (let i = 0; i < CHANGES; i++) {
      const apartment = await arrange(overFetch(server.baseURL), token).apartment(projectId, {
        bostad: String(1000 + i),
        status: 'sale',
        price: 2_000_000 + i,
      });
      ids.push(apartment.id);
    }
    const url = `${server.baseURL}/api/v1/public/view/${projectId}/events`;

    // Warm-up, so the baseline includes the code paths, not just an idle process.
    const warm = Array.from({ length: 20 }, () => openStream(url, () => undefined));
    await Promise.all(warm.map((s) => s.ready));
    warm.forEach((s) => s.close());
    await new Promise((r) => setTimeout(r, 500));
    const rssBefore = rssOf(pid);

    const sentAt = new Map<number, number>();
    const delays: number[] = [];
    let pending = STREAMS * CHANGES;
    let allDelivered!: () => void;
    const delivered = new Promise<void>((r) => (allDelivered = r));
    const onApartments = (changed: number[], at: number) => {
      for (const id of changed) {
        const sent = sentAt.get(id);
        if (sent === undefined) continue;
        delays.push(at - sent);
        if (--pending === 0) allDelivered();
      }
    };
    const openStart = performance.now();
    const streams: LiveStream[] = [];
    for (let i = 0; i < STREAMS; i++) streams.push(openStream(url, onApartments));
    await Promise.all(streams.map((s) => s.ready));
    const openMs = performance.now() - openStart;
    await new Promise((r) => setTimeout(r, 500));
    const rssOpen = rssOf(pid);

    const saveMs: number[] = [];
    const burstStart = performance.now();
    for (const id of ids) {
      const start = performance.now();
      sentAt.set(id, start);
      await call(server.baseURL, 'PUT', `/api/v1/admin/apartment/${id}`, token, { status: 'sold' });
      saveMs.push(performance.now() - start);
    }
    const savedAll = performance.now() - burstStart;
    await Promise.race([
      delivered,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`${pending} deliveries missing after 60 s`)), 60_000),
      ),
    ]);
    const rssAfter = rssOf(pid);
    streams.forEach((s) => s.close());

    delays.sort((a, b) => a - b);
    saveMs.sort((a, b) => a - b);
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
    console.log(
      `load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')} on ${os.cpus().length} CPUs`,
    );
    console.log(`${STREAMS} streams open in         ${openMs.toFixed(0)} ms`);
    console.log(
      `${CHANGES} saves, one after another   ${savedAll.toFixed(0)} ms (save median ${pct(saveMs, 0.5).toFixed(0)} ms, p99 ${pct(saveMs, 0.99).toFixed(0)} ms)`,
    );
    console.log(`deliveries                 ${delays.length} (${CHANGES} changes × ${STREAMS} streams)`);
    console.log(
      `save sent → delivered      median ${pct(delays, 0.5).toFixed(0)} ms · p99 ${pct(delays, 0.99).toFixed(0)} ms · max ${delays[delays.length - 1]!.toFixed(0)} ms   goal p99 ≤ 2000 ms   ${pct(delays, 0.99) <= 2000 ? 'OK' : 'OVER'}`,
    );
    console.log(
      `server memory (RSS)        ${mb(rssBefore)} before · ${mb(rssOpen)} with ${STREAMS} streams · ${mb(rssAfter)} after the changes`,
    );
    console.log(`memory per open stream     ${((rssOpen - rssBefore) / STREAMS / 1024).toFixed(1)} KB`);
  } finally {
    await stop(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
