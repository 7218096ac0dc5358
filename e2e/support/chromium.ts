import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type LaunchOptions } from 'playwright-core';

/**
 * The one way Planvy starts Chromium: Debian's build (or CHROMIUM_PATH), headless, with the flags
 * this machine needs and nothing in the background that would disturb a test or a measurement.
 * Browser tests (support/browser.ts) and benchmarks (scripts/bench) both launch through here;
 * this module does not import vitest, so the benchmarks can use it.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Debian's chromium-headless-shell when it is installed (.ci/run installs it): the same Chromium
 * release as the chromium package, built as the headless shell Playwright itself runs headless
 * tests on. Without the desktop browser's UI layers it takes a third less CPU for the same pages
 * (the browser tier: 1,032 → 692 CPU s). Else the chromium package.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const chromiumPath = (): string =>
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * For tests, not benchmarks (ADR 046):
 * - V8 runs the apps on its interpreter and baseline compiler only. A test's page runs each
 *   function a few times, too few for the optimising compilers' work (on the main thread and in
 *   the background) to pay off; the apps' behaviour does not change.
 * - Scripts are fetched on the renderer's main thread, not by its background fetcher: on that
 *   path this Chromium never uses the V8 code cache of an ES module (a trace shows every load
 *   parsing every chunk again), so each load of the admin app parsed ~1.3 MB of JavaScript anew.
 *   On the other path the third load on compiles from the cache: a signed-in load of the projects
 *   page took 0.76 CPU s, now 0.60.
 * Benchmarks measure the browser as buyers have it.
 */
const TEST_ARGS = ['--js-flags=--max-opt=1', '--disable-features=BackgroundResourceFetch'];

/** Planvy's Chromium with `more` flags than CHROMIUM_ARGS. */
const common = (more: string[]): LaunchOptions => ({
  executablePath: chromiumPath(),
  headless: true,
  args: [...CHROMIUM_ARGS, ...more],
});

/**
 * A browser without a persistent profile: contexts of any viewport, phones (`hasTouch`).
 * `forTests`: the lighter Chromium of TEST_ARGS.
 */
export function launchChromium({ forTests = false }: { forTests?: boolean } = {}): Promise<Browser> {
  return chromium.launch(common(forTests ? TEST_ARGS : []));
}

/** What a closed profile passes on to the next one of this process: its HTTP and V8 code caches. */
const CACHES = ['Cache', 'Code Cache'];
let cachesLeft: string | undefined;

/** Moves the caches of `from`'s profile (a `Default` folder) to `to`'s; both exist. */
function moveCaches(from: string, to: string): void {
  for (const name of CACHES) {
    const source = path.join(from, name);
    if (fs.existsSync(source)) fs.renameSync(source, path.join(to, name));
  }
}

/**
 * A persistent profile in a fresh temporary folder, removed by `close`.
 *
 * `forTests`: the lighter Chromium of TEST_ARGS, and in one process (ADR 046): the renderer, the
 * network service and the compositor are threads of the browser process, so each message between
 * them is a call, not a copy over a pipe. A persistent profile has one context, which is what
 * Chromium's single-process mode handles (it does not survive contexts opened and closed).
 *
 * `cachesIn`: a folder (its maker removes it) where a closed profile leaves its HTTP and V8 code
 * caches, and nothing else of it (no storage, cookies or permissions), for the next profile this
 * process launches. A page then loads as a returning visitor's does, from compiled code, instead
 * of parsing and compiling the apps again in every test file. Only for tests not about a first visit.
 */
export async function launchChromiumProfile(
  options: Omit<Parameters<typeof chromium.launchPersistentContext>[1], keyof LaunchOptions> = {},
  { cachesIn, forTests = false }: { cachesIn?: string; forTests?: boolean } = {},
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planvy-chromium-'));
  const profile = path.join(dir, 'Default');
  if (cachesIn && cachesLeft && fs.existsSync(cachesLeft)) {
    fs.mkdirSync(profile);
    moveCaches(cachesLeft, profile);
    fs.rmSync(cachesLeft, { recursive: true, force: true });
    cachesLeft = undefined;
  }
  const launchOptions = common(forTests ? [...TEST_ARGS, '--single-process'] : []);
  const context = await chromium.launchPersistentContext(dir, { ...launchOptions, ...options });
  return {
    context,
    async close() {
      await context.close();
      if (cachesIn && fs.existsSync(profile)) {
        if (cachesLeft) fs.rmSync(cachesLeft, { recursive: true, force: true });
        cachesLeft = fs.mkdtempSync(path.join(cachesIn, 'caches-'));
        moveCaches(profile, cachesLeft);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
