/**
 * Starts the production server (what `npm start` runs) on a free port with a fresh
 * data directory. Shared by the browser tests' global setup and the benchmarks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { arrange, overFetch } from '@planvy/shared/test/arrange';

export const root = path.resolve(import.meta.dirname, '../..');

/** The first admin every started server creates. */
export const ADMIN = { email: 'admin@planvy.test', password: 'admin-secret-1' };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Polls `url` until it answers 2xx, failing early if the process exits. */
export async function waitFor(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited early:\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within 90 s:\n${log()}`);
}

export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export interface RunningServer {
  baseURL: string;
  /** Its DATA_DIR: mail is kept in DATA_DIR/mail as .eml files (no SMTP_URL). */
  dataDir: string;
  close(): Promise<void>;
}

export interface ServerProcess {
  child: ChildProcess;
  baseURL: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
}

/** The server as `npm run build` bundles it (apps/api/scripts/bundle.ts), what `npm start` runs. */
const BUILT_SERVER = path.join(root, 'apps/api/dist/server.js');

/**
 * Spawns the bundled server (`entry`, by default the one `npm run build` made) on a free port
 * without waiting for it; the built apps are served only when they exist (`npm run build`).
 * `execArgv`: Node's own options, before the entry.
 */
export async function spawnServer(
  dataDir: string,
  env: Record<string, string> = {},
  { entry = BUILT_SERVER, execArgv = [] }: { entry?: string; execArgv?: string[] } = {},
): Promise<ServerProcess> {
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: run "npm run build" first`);
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [...execArgv, entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      INIT_CWD: root,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      // Links in mail point here, as behind a proxy in production (never the request's Host).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return { child, baseURL: `http://127.0.0.1:${port}`, output: () => output, exited };
}

export async function startServer(
  options: { dataDir?: string; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  for (const dist of ['apps/web/dist/index.html', 'apps/widget/dist/index.html']) {
    if (!fs.existsSync(path.join(root, dist)))
      throw new Error(`${dist} is missing: run "npm run build" first`);
  }
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'planvy-server-'));
  const server = await spawnServer(dataDir, options.env);
  await waitFor(`${server.baseURL}/api/health`, server.child, server.output);
  return {
    baseURL: server.baseURL,
    dataDir,
    async close() {
      await stop(server.child);
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A JSON call that throws on any non-2xx answer (for arranging data in benchmarks). */
export async function call<T>(
  baseURL: string,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseURL}${url}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Signs in as the first admin and creates a client-owned sale project to benchmark on. */
export async function createBenchProject(
  baseURL: string,
  name: string,
): Promise<{ token: string; projectId: number }> {
  const { token } = await call<{ token: string }>(baseURL, 'POST', '/api/v1/login', undefined, ADMIN);
  const project = await arrange(overFetch(baseURL), token).project({ name });
  return { token, projectId: project.id };
}
