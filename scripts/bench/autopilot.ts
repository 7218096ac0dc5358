/**
 * Autopilot figures (issue 22, ADR 029), printed, never asserted: the fixture plan of 200
 * numbered apartments with furniture, lamps, icons, a hidden layer and a legend
 * (packages/shared/test/autopilot-fixture.ts), cleaned by the server's sanitiser and the
 * browser's guard as an uploaded plan is, laid out in Chromium and run through the autopilot with
 * the browser's geometry (getBBox, isPointInFill, computed style). Prints the share matched
 * correctly (goal ≥ 95 %), wrong shapes proposed without a warning (goal 0), those with one,
 * ambiguous and not found, and the time of the run; then the pick tool at every label: how often
 * its first choice is the room, and the time per click.
 *
 * Needs no build and no server: the plan model is bundled for the page with esbuild.
 *   node --import tsx scripts/bench/autopilot.ts      (or: npm run bench -- autopilot)
 */
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { launchChromium } from '../../e2e/support/chromium';
import { sanitizeSvg } from '../../apps/api/src/modules/files/svg-sanitize';
import { autopilotFixture, scoreAutopilot } from '../../packages/shared/test/autopilot-fixture';

const root = path.resolve(import.meta.dirname, '../..');

/** The plan model as one script for the page (`window.planvy`). */
async function planModelScript(): Promise<string> {
  const out = await build({
    stdin: {
      contents: [
        `export { autopilot } from './packages/shared/src/plan/autopilot';`,
        `export { measuredOnce, pickCandidates, seenShapes } from './packages/shared/src/plan/shape-pick';`,
        `export { domGeometry } from './packages/shared/src/plan/dom-geometry';`,
        `export { guardPlan } from './packages/shared/src/plan/svg-guard';`,
      ].join('\n'),
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: 'planvy',
    platform: 'browser',
    write: false,
  });
  return out.outputFiles[0]!.text;
}

const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export async function run(): Promise<void> {
  const fixture = autopilotFixture();
  const { svg } = sanitizeSvg(fixture.svg);
  const script = await planModelScript();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await page.setContent('<!doctype html><html><body style="margin:0"></body></html>');
    // tsx keeps function names with a helper (__name) the page does not have.
    await page.addScriptTag({ content: `globalThis.__name = (fn) => fn;\n${script}` });
    const outcome = await page.evaluate(
      ({ svg, apartments, rooms }) => {
        type Model = typeof import('../../packages/shared/src/plan/autopilot') &
          typeof import('../../packages/shared/src/plan/shape-pick') &
          typeof import('../../packages/shared/src/plan/dom-geometry') &
          typeof import('../../packages/shared/src/plan/svg-guard');
        const m = (window as unknown as { planvy: Model }).planvy;
        const plan = m.guardPlan(svg)!;
        const root = document.adoptNode(plan);
        root.setAttribute('width', '1400');
        root.removeAttribute('height');
        document.body.append(root);
        const t0 = performance.now();
        const geometry = m.measuredOnce(m.domGeometry(root));
        const result = m.autopilot(root, apartments, geometry);
        const elapsed = performance.now() - t0;
        // The pick tool at each apartment's number: is its first choice the room?
        const shapes = m.seenShapes(root, geometry);
        const picks: { step: number; ms: number }[] = [];
        for (const [bostad, room] of rooms) {
          if (!room) continue;
          const text = [...root.querySelectorAll('text, tspan')].find(
            (t) => t.textContent?.trim().endsWith(bostad) && t.children.length === 0,
          );
          const box = text && geometry.box(text);
          if (!box) continue;
          const p = { x: box.x + box.w / 2, y: box.y + box.h / 2 };
          const t = performance.now();
          const chain = m.pickCandidates(root, p, geometry, { shapes });
          picks.push({ step: chain.findIndex((el) => el.id === room), ms: performance.now() - t });
        }
        const id = (el: Element) => el.getAttribute('id');
        return {
          elapsed,
          picks,
          proposals: result.proposals.map((p) => ({
            apartment: p.apartment,
            shape: id(p.shape),
            confidence: p.confidence,
            warnings: p.warnings,
          })),
          ambiguous: result.ambiguous.map((a) => ({ apartment: a.apartment, reason: a.reason })),
          notFound: result.notFound.map((a) => ({ apartment: a.apartment, reason: a.reason })),
        };
      },
      { svg, apartments: fixture.apartments, rooms: [...fixture.expected] },
    );
    const score = scoreAutopilot(
      {
        ...outcome,
        proposals: outcome.proposals.map((p) => ({ ...p, shape: { getAttribute: () => p.shape } })),
      },
      fixture.expected,
    );
    const on = score.onPlan;
    console.log(
      `fixture: ${fixture.apartments.length} apartments, ${on} with a shape on the plan, ${(Buffer.byteLength(svg) / 1024).toFixed(0)} KB after the sanitiser; load ${os.loadavg()[0]!.toFixed(1)}`,
    );
    console.log(
      `matched correctly (ticked):        ${score.correct} of ${on} = ${pct(score.correct, on)} (goal ≥ 95 %)`,
    );
    console.log(`wrong shape, no warning (ticked):  ${score.wrongWithoutWarning} (goal 0)`);
    console.log(`right shape, with a warning:       ${score.correctWithWarning}`);
    console.log(`wrong shape, with a warning:       ${score.wrongWithWarning}`);
    console.log(`ambiguous:                         ${score.ambiguous}`);
    console.log(`not found:                         ${score.notFound}`);
    const misses = outcome.notFound.filter((n) => !fixture.expected.get(n.apartment.bostad)).length;
    console.log(`apartments with no shape (must not be guessed): ${misses} reported not found`);
    for (const p of outcome.proposals)
      if (p.confidence === 'low' || p.shape !== fixture.expected.get(p.apartment.bostad))
        console.log(
          `  ${p.apartment.bostad}: ${p.shape} (right: ${fixture.expected.get(p.apartment.bostad)}) ${p.warnings.join(', ')}`,
        );
    console.log(`autopilot run in Chromium:         ${outcome.elapsed.toFixed(0)} ms`);
    const steps = (n: number) => outcome.picks.filter((p) => p.step === n).length;
    console.log(
      `pick at a number (${outcome.picks.length} clicks): the room first ${steps(0)}, after one step out ${steps(1)}, two ${steps(2)}, more or never ${outcome.picks.length - steps(0) - steps(1) - steps(2)}; median ${median(outcome.picks.map((p) => p.ms)).toFixed(2)} ms per click`,
    );
  } finally {
    await browser.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) await run();
