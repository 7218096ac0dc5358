/**
 * Slow clients (issue 19, ADR 021), printed, never asserted: the real server (embedded
 * database) while thousands of connections trickle half-sent bodies and headers at it, one
 * byte-sized piece a second, and another client polls `GET /api/health` over a new
 * connection each time. Two rounds:
 *
 * 1. ONE_ADDRESS connections from 127.0.0.1: the per-address cap keeps CONNECTIONS_PER_IP of
 *    them and refuses the rest with 429.
 * 2. SPREAD connections from SPREAD_ADDRESSES loopback addresses (each under the cap): the
 *    server keeps them all, until the time limits answer them with 408.
 *
 * Each round holds its connections for HOLD_SECONDS (under the header limit), then keeps
 * them until the server has answered or closed every one (at most the request limit), while
 * /api/health is polled throughout. Goal: /api/health p99 ≤ 50 ms. Needs about ONE_ADDRESS
 * open files in this process (`ulimit -n`; printed). This process plays the attacker at a
 * lower priority (nice 10), as if it were another machine; the server and the poller keep
 * theirs.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawnServer, stop, waitFor } from '../../e2e/support/server';

const ONE_ADDRESS = Number(process.env.SLOW_CLIENTS ?? 5000);
const SPREAD_ADDRESSES = 20;
const SPREAD = Math.min(ONE_ADDRESS, SPREAD_ADDRESSES * 200);
const CAP = 256;
const HEADERS_TIMEOUT_SECONDS = 15;
const REQUEST_TIMEOUT_SECONDS = 30;
const HOLD_SECONDS = 8;
const POLL_EVERY_MS = 20;
const GOAL_P99_MS = 50;

const pct = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const openFiles = (pid: number) => fs.readdirSync(`/proc/${pid}/fd`).length;
/** The server's CPU time so far (user + system), from /proc: a figure the machine's other load hardly moves. */
const cpuMs = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};
const fileLimit = () => /Max open files\s+(\d+)/.exec(fs.readFileSync('/proc/self/limits', 'utf8'))?.[1];

type Outcome = 'open' | 'refused' | '408' | 'closed' | 'failed';

interface Slow {
  socket: net.Socket;
  kind: 'body' | 'headers';
  outcome: Outcome;
}

/** One slow connection: a request head (or part of one) now, one more piece on every tick. */
function openSlow(port: number, localAddress: string, kind: Slow['kind']): Promise<Slow> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    const slow: Slow = { socket, kind, outcome: 'open' };
    let answer = '';
    socket.on('data', (d: Buffer) => {
      answer += d.toString('latin1');
      if (answer.startsWith('HTTP/1.1 429')) slow.outcome = 'refused';
      else if (answer.startsWith('HTTP/1.1 408')) slow.outcome = '408';
    });
    socket.on('error', () => {
      if (slow.outcome === 'open') slow.outcome = 'failed';
    });
    socket.on('close', () => {
      if (slow.outcome === 'open') slow.outcome = 'closed';
    });
    socket.on('connect', () => {
      socket.write(
        kind === 'body'
          ? 'POST /api/v1/login HTTP/1.1\r\nhost: bench\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n{"email":"'
          : 'GET /api/health HTTP/1.1\r\nhost: bench\r\n',
      );
      resolve(slow);
    });
    socket.on('close', () => resolve(slow));
  });
}

function trickle(all: Slow[]) {
  for (const s of all) {
    if (s.outcome !== 'open' || !s.socket.writable) continue;
    s.socket.write(s.kind === 'body' ? 'a' : 'x-slow: a\r\n');
  }
}

/**
 * Polls /api/health from another address over a new connection each time, in a process of
 * its own at normal priority, so the attack this process makes (at lower priority, as if
 * from another machine) does not delay the measurement. Each time is filed under the phase
 * the round was in when the poll started.
 */
const POLLER = `
const http = require('node:http');
const [port, every] = process.argv.slice(1).map(Number);
let phase = 'idle';
let running = true;
const samples = [];
process.on('disconnect', () => process.exit(0));
process.on('message', (m) => {
  if (m === 'stop') running = false;
  else if (m === 'samples') process.send(samples);
  else phase = m;
});
(async () => {
  while (running) {
    const at = phase;
    const start = performance.now();
    const ok = await new Promise((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/api/health', localAddress: '127.0.0.250', agent: false, timeout: 5000 }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200));
      });
      req.on('timeout', () => req.destroy());
      req.on('error', () => resolve(false));
    });
    samples.push({ phase: at, ms: ok ? performance.now() - start : -1 });
    await new Promise((r) => setTimeout(r, every));
  }
  process.exit(0);
})();
`;

interface Sample {
  phase: string;
  ms: number;
}

function startPoller(port: number) {
  const child = spawn(process.execPath, ['-e', POLLER, String(port), String(POLL_EVERY_MS)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return {
    phase: (name: string) => child.send(name),
    /** Every poll so far. */
    samples: () =>
      new Promise<Sample[]>((resolve) => {
        child.once('message', (m) => resolve(m as Sample[]));
        child.send('samples');
      }),
    stop: () => child.send('stop'),
  };
}

function summary(samples: Sample[], phase: string): string {
  const mine = samples.filter((s) => s.phase === phase);
  const times = mine
    .filter((s) => s.ms >= 0)
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  const failed = mine.length - times.length;
  const p99 = pct(times, 0.99);
  // A poll of a second or more is a connection attempt the kernel dropped and retried.
  const retried = times.filter((t) => t >= 1000).length;
  return `${times.length} polls · p50 ${pct(times, 0.5).toFixed(1)} ms · p99 ${p99.toFixed(1)} ms · max ${(times.at(-1) ?? NaN).toFixed(1)} ms · ${failed} failed · ${retried} ≥ 1 s   goal p99 ≤ ${GOAL_P99_MS} ms   ${p99 <= GOAL_P99_MS && failed === 0 ? 'OK' : 'OVER'}`;
}

const count = (all: Slow[], ...outcomes: Outcome[]) => all.filter((s) => outcomes.includes(s.outcome)).length;

type Poller = ReturnType<typeof startPoller>;

async function round(
  poller: Poller,
  label: string,
  port: number,
  pid: number,
  addresses: string[],
  total: number,
) {
  const phase = (name: string) => `${label}: ${name}`;
  poller.phase(phase('opening'));
  const cpu = [cpuMs(pid)];
  const started = performance.now();
  const all: Slow[] = [];
  // Every slow client sends one more piece a second, not all at the same moment.
  let tick = 0;
  const ticker = setInterval(() => {
    tick += 1;
    trickle(all.filter((_, i) => i % 20 === tick % 20));
  }, 50);
  // In batches, so the listen backlog never overflows into SYN retries.
  for (let i = 0; i < total; i += 200) {
    const batch = [];
    for (let j = i; j < Math.min(total, i + 200); j++) {
      batch.push(openSlow(port, addresses[j % addresses.length]!, j % 2 === 0 ? 'body' : 'headers'));
    }
    all.push(...(await Promise.all(batch)));
  }
  const openedMs = performance.now() - started;
  cpu.push(cpuMs(pid));
  poller.phase(phase('held'));
  await sleep(HOLD_SECONDS * 1000);
  cpu.push(cpuMs(pid));
  const serverFiles = openFiles(pid);
  const heldOpen = count(all, 'open');

  // Then until the server has answered or closed every connection it kept.
  poller.phase(phase('cut'));
  const deadline = performance.now() + (REQUEST_TIMEOUT_SECONDS + 5) * 1000;
  while (count(all, 'open') > 0 && performance.now() < deadline) await sleep(250);
  const cutAfterS = (performance.now() - started) / 1000;
  cpu.push(cpuMs(pid));
  const cutMs = cutAfterS * 1000 - openedMs - HOLD_SECONDS * 1000;
  const share = (i: number, ms: number) =>
    `server CPU ${((100 * (cpu[i + 1]! - cpu[i]!)) / ms).toFixed(0)}% of a core`;
  clearInterval(ticker);
  poller.phase('between');
  const samples = poller.samples();
  const stillOpen = count(all, 'open');
  for (const s of all) s.socket.destroy();

  const kept = count(all, '408', 'open');
  // A refused socket is destroyed at once; when its request was already in flight, the reset can
  // overtake the 429.
  const refused = count(all, 'refused', 'closed', 'failed');
  console.log(
    `\n${label}: ${total} slow connections (half bodies, half headers) from ${addresses.length} address${addresses.length > 1 ? 'es' : ''}, opened in ${(openedMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `  server kept ${kept} over the round (at most ${CAP} at a time per address) · refused ${refused} (${count(all, 'refused')} read the 429, ${refused - count(all, 'refused')} were reset first) · ${HOLD_SECONDS} s after the last was opened ${heldOpen} still held, server open files ${serverFiles}`,
  );
  console.log(
    `  /api/health while opening   ${summary(await samples, phase('opening'))} · ${share(0, openedMs)}`,
  );
  console.log(
    `  /api/health while held      ${summary(await samples, phase('held'))} · ${share(1, HOLD_SECONDS * 1000)}`,
  );
  console.log(
    `  time limits                 ${count(all, '408')} answered 408 · ${stillOpen} still open ${cutAfterS.toFixed(1)} s after the first connection (headers limit ${HEADERS_TIMEOUT_SECONDS} s, request limit ${REQUEST_TIMEOUT_SECONDS} s)`,
  );
  console.log(`  /api/health while cut       ${summary(await samples, phase('cut'))} · ${share(2, cutMs)}`);
}

export async function run(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planvy-bench-slow-'));
  const server = await spawnServer(dataDir, {
    CONNECTIONS_PER_IP: String(CAP),
    HEADERS_TIMEOUT_SECONDS: String(HEADERS_TIMEOUT_SECONDS),
    REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_SECONDS),
  });
  try {
    await waitFor(`${server.baseURL}/api/health`, server.child, server.output);
    const port = Number(new URL(server.baseURL).port);
    const pid = server.child.pid!;
    console.log(
      `open files allowed: this process ${fileLimit()}, server ${/Max open files\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/limits`, 'utf8'))?.[1]} · load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')} on ${os.cpus().length} CPUs · CONNECTIONS_PER_IP=${CAP}`,
    );
    // The poller (and the server) at normal priority; this process, which plays the attacker,
    // below them, as if it were another machine.
    const poller = startPoller(port);
    os.setPriority(10);
    poller.phase('idle');
    await sleep(3000);
    poller.phase('between');
    console.log(`\n/api/health with no slow clients: ${summary(await poller.samples(), 'idle')}`);

    await round(poller, 'One address', port, pid, ['127.0.0.1'], ONE_ADDRESS);
    const spread = Array.from({ length: SPREAD_ADDRESSES }, (_, i) => `127.0.1.${i + 1}`);
    await round(poller, 'Many addresses', port, pid, spread, SPREAD);
    poller.stop();

    const logged = server.output().split('\n');
    console.log(
      `\nserver log: ${logged.filter((l) => l.includes('(408)')).length} lines about 408s, ${logged.filter((l) => l.includes('(429)')).length} about 429s (one per address and minute)`,
    );
  } finally {
    await stop(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
