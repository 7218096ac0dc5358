import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { LoginResponse } from '@planvy/shared';
import { ADMIN, startServer } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    admin: { email: string; password: string };
    /** The admin signed in once for the whole run (e2e/support/session.ts). */
    adminSession: LoginResponse;
    /** Where the server keeps the mail it sends (DATA_DIR/mail, ADR 033). */
    mailDir: string;
    /** Where a test file's browser leaves its caches for the next (support/chromium.ts `cachesIn`). */
    browserCaches: string;
  }
}

/** Starts the production server (what `npm start` runs) on a free port with a fresh data dir. */
export default async function setup(project: TestProject) {
  // The browser tests render a widget page for every plan of the XSS corpus
  // (e2e/plan-xss.e2e.ts) from one address. They sign in with the login limits as shipped:
  // each user's password is checked once per file (session.ts), the admin's once per run.
  // Webhooks go to a receiver inside the test process, on 127.0.0.1 over http (ADR 034).
  const server = await startServer({
    // A hold's day is 2 seconds (ADR 035), so holds.e2e.ts sees one expire by itself.
    env: { WIDGET_RENDERS_PER_MINUTE: '100000', WEBHOOKS_ALLOW_PRIVATE: '1', HOLD_DAY_SECONDS: '2' },
  });
  const res = await fetch(`${server.baseURL}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (res.status !== 200) throw new Error(`the admin cannot sign in: ${res.status}`);
  project.provide('baseURL', server.baseURL);
  project.provide('admin', ADMIN);
  project.provide('adminSession', (await res.json()) as LoginResponse);
  project.provide('mailDir', path.join(server.dataDir, 'mail'));
  const browserCaches = fs.mkdtempSync(path.join(os.tmpdir(), 'planvy-e2e-caches-'));
  project.provide('browserCaches', browserCaches);
  return async () => {
    await server.close();
    fs.rmSync(browserCaches, { recursive: true, force: true });
  };
}
