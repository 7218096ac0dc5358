/**
 * File downloads (issue 19, ADR 022), printed, never asserted: the real server (a separate
 * process, embedded database; PostgreSQL when DATABASE_URL is set, in a throw-away database)
 * gets a 20 MB sun-study video, then 10 clients download it at once, three rounds, while
 * `/api/health` is polled one request after another from another process. The same downloads,
 * in alternate rounds, come from a plain node:http server streaming the same file from disk
 * (also a process of its own, its trivial /health polled the same way). Prints the health
 * p50/p99 during the downloads (goal p99 ≤ 50 ms) and both throughputs and their ratio (goal ≥ 0.8).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { createBenchProject, spawnServer, stop, waitFor } from '../../e2e/support/server';

const VIDEO_BYTES = 20 * 1024 * 1024;
const CLIENTS = 10;
const ROUNDS = 3;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

/** An MP4 by its first bytes (what the upload checks), the rest random (incompressible, like video). */
function video(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24);
  ftyp.write('ftypisom\0\0\x02\0isommp41', 4, 'latin1');
  const mdat = Buffer.alloc(8);
  mdat.writeUInt32BE(VIDEO_BYTES - 24);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat, randomBytes(VIDEO_BYTES - 32)]);
}

/** Downloads `url` once; resolves with the bytes received. */
function download(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`));
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve(bytes));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * Polls `url` one request after another until stopped, from a process of its own (as a load
 * balancer would), so the downloads this process reads do not delay its measurements.
 */
function pollHealth(url: string) {
  const script = `
    const http = require('node:http');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const latencies = [];
    let polling = true;
    process.stdin.on('end', () => (polling = false)).resume();
    (async () => {
      while (polling) {
        const start = performance.now();
        await new Promise((resolve, reject) =>
          http.get(process.argv[1], { agent }, (res) => res.resume().on('end', resolve)).on('error', reject));
        latencies.push(performance.now() - start);
      }
      process.stdout.write(JSON.stringify(latencies), () => process.exit(0));
    })();`;
  const child = spawn(process.execPath, ['-e', script, url], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    async stop(): Promise<number[]> {
      child.stdin.end();
      await exited;
      return JSON.parse(out) as number[];
    },
  };
}

/** One round: CLIENTS downloads of `url` at once; the bytes and seconds it took. */
async function round(url: string): Promise<{ bytes: number; seconds: number }> {
  const start = performance.now();
  const sizes = await Promise.all(Array.from({ length: CLIENTS }, () => download(url)));
  return { bytes: sizes.reduce((a, b) => a + b, 0), seconds: (performance.now() - start) / 1000 };
}

/** node:http streaming one file from disk: the ceiling for serving it. */
async function plainServer(file: string): Promise<{ url: string; health: string; close(): Promise<void> }> {
  const script = `
    const http = require('node:http'), fs = require('node:fs');
    const file = process.argv[1], size = fs.statSync(file).size;
    http.createServer((req, res) => {
      if (req.url === '/health') return res.end('{"status":"ok"}');
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': size });
      fs.createReadStream(file).pipe(res);
    }).listen(0, '127.0.0.1', function () { console.log(this.address().port); });`;
  const child = spawn(process.execPath, ['-e', script, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve) =>
    child.stdout.once('data', (d) => resolve(Number(String(d)))),
  );
  const base = `http://127.0.0.1:${port}`;
  return { url: `${base}/video.mp4`, health: `${base}/health`, close: () => stop(child) };
}

/** A throw-away database on the PostgreSQL server in DATABASE_URL, dropped afterwards. */
async function throwAwayDatabase(serverUrl: string) {
  const name = `planvy_bench_files_${process.pid}`;
  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(query);
    await c.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export async function run(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  const database = serverUrl ? await throwAwayDatabase(serverUrl) : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planvy-bench-files-'));
  const server = await spawnServer(dataDir, { DATABASE_URL: database?.url ?? '' });
  const bytes = video();
  const file = path.join(dataDir, 'video.mp4');
  fs.writeFileSync(file, bytes);
  const plain = await plainServer(file);
  try {
    await waitFor(`${server.baseURL}/api/health`, server.child, server.output);
    const { token, projectId } = await createBenchProject(server.baseURL, 'Files bench');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'video/mp4' }), 'sommar.mp4');
    const res = await fetch(`${server.baseURL}/api/v1/admin/sunstudy/${projectId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    const { file: uploaded } = (await res.json()) as { file: { filePath: string } };

    // Rounds alternate between the two servers so both see the same machine, and each server's
    // health URL is polled while it serves (node:http's answers without touching anything: the
    // floor that the machine's load alone sets).
    const totals = { planvy: { bytes: 0, seconds: 0 }, plain: { bytes: 0, seconds: 0 } };
    const health = { planvy: [] as number[], plain: [] as number[] };
    for (let i = 0; i < ROUNDS; i++) {
      for (const [name, url, healthUrl] of [
        ['planvy', `${server.baseURL}${uploaded.filePath}`, `${server.baseURL}/api/health`],
        ['plain', plain.url, plain.health],
      ] as const) {
        const poller = pollHealth(healthUrl);
        const r = await round(url);
        health[name].push(...(await poller.stop()));
        totals[name].bytes += r.bytes;
        totals[name].seconds += r.seconds;
      }
    }
    const rate = (t: { bytes: number; seconds: number }) => t.bytes / 1024 / 1024 / t.seconds;
    const describe = (l: number[]) => {
      const sorted = [...l].sort((a, b) => a - b);
      return `p50 ${pct(sorted, 0.5).toFixed(1)} ms, p99 ${pct(sorted, 0.99).toFixed(1)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms (${sorted.length} polls)`;
    };
    const where = database ? 'PostgreSQL' : 'the embedded database (PGlite)';
    console.log(
      `${CLIENTS} concurrent downloads of a ${VIDEO_BYTES / 1024 / 1024} MB sun-study video, ${ROUNDS} rounds, on ${where}:`,
    );
    console.log(`  /api/health while Planvy serves them: ${describe(health.planvy)} (goal p99 ≤ 50 ms)`);
    console.log(
      `  node:http's own /health while it serves them (the machine's floor): ${describe(health.plain)}`,
    );
    console.log(
      `  throughput: Planvy ${rate(totals.planvy).toFixed(0)} MB/s, node:http from disk ${rate(totals.plain).toFixed(0)} MB/s, ratio ${(rate(totals.planvy) / rate(totals.plain)).toFixed(2)} (goal ≥ 0.8)`,
    );
  } finally {
    await plain.close();
    await stop(server.child);
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
