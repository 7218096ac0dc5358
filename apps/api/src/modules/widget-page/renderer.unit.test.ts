import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineStylesheet } from './renderer';

const template = (href: string) =>
  `<head><script type="module" crossorigin src="/widget/assets/index-a1.js"></script>\n<link rel="stylesheet" crossorigin href="${href}"></head>`;

describe('inlineStylesheet', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'planvy-widget-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets/index-b2.css'), '.pv-root{color:red}');
  fs.writeFileSync(path.join(dist, 'assets/index-c3.css'), '.x{content:"</style><script>"}');

  it("puts the build's stylesheet in the page instead of linking it", () => {
    const page = inlineStylesheet(template('/widget/assets/index-b2.css'), dist);
    expect(page).toContain('<style>.pv-root{color:red}</style></head>');
    expect(page).not.toContain('<link');
    expect(page).toContain('src="/widget/assets/index-a1.js"');
  });

  it('leaves linked a stylesheet that could end the element, or one outside the assets', () => {
    const unsafe = template('/widget/assets/index-c3.css');
    expect(inlineStylesheet(unsafe, dist)).toBe(unsafe);
    const elsewhere = template('/widget/../secret.css');
    expect(inlineStylesheet(elsewhere, dist)).toBe(elsewhere);
  });
});
