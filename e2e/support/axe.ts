import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

let source: string | undefined;

/**
 * axe-core's serious and critical findings on the page as it is now, one line each
 * ("rule (impact): targets"). axe is evaluated through the DevTools protocol, once per page:
 * the widget's CSP rightly forbids injected scripts.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    source ??= fs.readFileSync(
      path.resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js'),
      'utf8',
    );
    await page.evaluate(source);
  }
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
          ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}
