import fs from 'node:fs';
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';

let source: string | undefined;

export interface AxeScope {
  /** Only these rules (e.g. `['color-contrast']`). */
  rules?: string[];
  /** Only inside the elements this selector picks. */
  within?: string;
}

/**
 * Every axe-core finding in a page or a frame as it is now, of any impact (moderate and minor
 * included), one line each ("rule (impact): targets"); optionally only some rules, inside a
 * selector. axe is evaluated through the DevTools protocol, once per document: the widget's CSP
 * rightly forbids injected scripts. A cross-origin frame (the widget on a host page) is checked
 * on its own, as its own document.
 */
export async function allViolations(
  target: Page | Frame,
  { rules, within }: AxeScope = {},
): Promise<string[]> {
  if (!(await target.evaluate(() => 'axe' in window))) {
    source ??= fs.readFileSync(
      path.resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js'),
      'utf8',
    );
    await target.evaluate(source);
  }
  return target.evaluate(
    async ({ only, within }) => {
      const axe = (
        window as unknown as {
          axe: {
            run: (
              ctx: Document | { include: string[] },
              options: object,
            ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
          };
        }
      ).axe;
      const result = await axe.run(
        within ? { include: [within] } : document,
        only ? { runOnly: { type: 'rule', values: only } } : {},
      );
      return result.violations.map(
        (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
    },
    { only: rules ?? null, within: within ?? null },
  );
}
