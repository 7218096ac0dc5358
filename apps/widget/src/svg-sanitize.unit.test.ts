// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { wrap, XSS_PAYLOADS } from '../../api/test/fixtures/xss-svg';
import { hasForeignUrl, isSafeReference, parseSvg, scopeCss, splitSelectors } from './svg-sanitize';

const DANGEROUS = [
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'handler',
  'animate',
  'set',
  'img',
];

/** Everything left in a cleaned plan that could run script or reach another site. */
function leftovers(root: Element): string[] {
  const found: string[] = [];
  for (const el of [root, ...root.querySelectorAll('*')]) {
    if (DANGEROUS.includes(el.localName.toLowerCase())) found.push(`<${el.localName}>`);
    for (const a of el.attributes) {
      if (a.name === 'xmlns' || a.name.startsWith('xmlns:')) continue;
      const v = a.value.replace(/\s+/g, '').toLowerCase();
      if (a.localName.toLowerCase().startsWith('on')) found.push(`${el.localName} ${a.name}`);
      if (/javascript:|vbscript:|data:text|https?:/.test(v))
        found.push(`${el.localName} ${a.name}=${a.value}`);
    }
    if (el.localName === 'style' && /@import|https?:|javascript:/i.test(el.textContent ?? '')) {
      found.push(`style: ${el.textContent}`);
    }
  }
  return found;
}

describe('parseSvg', () => {
  it('leaves nothing that runs script or fetches from elsewhere in any payload that parses', () => {
    let parsed = 0;
    for (const payload of XSS_PAYLOADS) {
      const svg = parseSvg(payload, '.pv-p0');
      if (!svg) continue;
      parsed++;
      expect(leftovers(svg), payload).toEqual([]);
    }
    // Most payloads are well-formed XML; the rest are refused whole.
    expect(parsed).toBeGreaterThan(30);
  });

  it('refuses markup that is not a well-formed SVG document', () => {
    expect(parseSvg('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>', '.s')).toBeNull();
    expect(parseSvg('<html><body>hi</body></html>', '.s')).toBeNull();
    expect(parseSvg('<svg><rect/></svg>', '.s')).toBeNull(); // no SVG namespace
  });

  it('keeps zones, their data attributes and in-document references', () => {
    const svg = parseSvg(
      wrap(
        '<defs><linearGradient id="g"/></defs><path id="12" data-bostad="1001" data-status="sale" fill="url(#g)" d="M0 0h1v1z"/><use href="#12"/>',
      ),
      '.s',
    )!;
    const zone = svg.querySelector('[data-bostad]')!;
    expect(zone.getAttribute('id')).toBe('12');
    expect(zone.getAttribute('fill')).toBe('url(#g)');
    expect(svg.querySelector('use')!.getAttribute('href')).toBe('#12');
  });

  it('scopes plan styles to their own plan and drops imports, foreign URLs and !important', () => {
    const svg = parseSvg(
      wrap(
        '<style>@import url(x.css); .st0, g > .st1 { fill: red !important } body { display: none } .x { fill: url(https://evil.example/p) }</style>',
      ),
      '.pv-p3',
    )!;
    const css = svg.querySelector('style')!.textContent ?? '';
    expect(css).toContain('.pv-p3 .st0,.pv-p3 g > .st1{fill:red}');
    expect(css).toContain('.pv-p3 body{display:none}');
    expect(css).not.toContain('@import');
    expect(css).not.toContain('evil');
    expect(css).not.toContain('important');
  });
});

describe('helpers', () => {
  it('allows only fragments, and raster images that are inline or on this server', () => {
    expect(isSafeReference('use', '#a')).toBe(true);
    expect(isSafeReference('a', 'https://example.com')).toBe(false);
    expect(isSafeReference('a', ' java\tscript:alert(1)')).toBe(false);
    expect(isSafeReference('image', 'data:image/png;base64,AAAA')).toBe(true);
    expect(isSafeReference('image', 'data:image/svg+xml,<svg onload=alert(1)>')).toBe(false);
    expect(isSafeReference('image', '/projects/1/bg.png')).toBe(true);
    expect(isSafeReference('image', '//evil.example/x.png')).toBe(false);
  });

  it('spots url() references that leave the document', () => {
    expect(hasForeignUrl('url(#a)')).toBe(false);
    expect(hasForeignUrl("url( '#a' ) url(https://x)")).toBe(true);
    expect(hasForeignUrl('fill:red')).toBe(false);
  });

  it('splits selector lists on top-level commas only', () => {
    expect(splitSelectors('.a, :is(.b, .c) .d ,[x="1,2"]')).toEqual(['.a', ':is(.b, .c) .d', '[x="1,2"]']);
    expect(scopeCss('.a{fill:red}', '.s')).toBe('.s .a{fill:red}');
  });
});
