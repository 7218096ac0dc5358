import type { TestProject } from 'vitest/node';
import { ADMIN, startServer } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    admin: { email: string; password: string };
  }
}

/** Starts the production server (what `npm start` runs) on a free port with a fresh data dir. */
export default async function setup(project: TestProject) {
  // The browser tests sign in many times from one IP, and render a widget page for every
  // plan of the XSS corpus (e2e/plan-xss.e2e.ts) from it.
  const server = await startServer({
    env: { LOGIN_LIMIT_PER_IP: '1000', WIDGET_RENDERS_PER_MINUTE: '100000' },
  });
  project.provide('baseURL', server.baseURL);
  project.provide('admin', ADMIN);
  return () => server.close();
}
