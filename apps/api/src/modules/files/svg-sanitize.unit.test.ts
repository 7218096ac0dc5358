import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { XSS_PAYLOADS, wrap } from '../../../test/fixtures/xss-svg';
import { sanitizeSvg, SvgSanitizeError } from './svg-sanitize';

/** Loads the sanitised markup as a live HTML page and reports anything executable. */
function executableBits(svg: string): string[] {
  const dom = new JSDOM(`<!doctype html><body>${svg}</body>`);
  const doc = dom.window.document;
  const found: string[] = [];
  for (const el of doc.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    if (
      [
        'script',
        'foreignobject',
        'iframe',
        'embed',
        'object',
        'img',
        'animate',
        'set',
        'handler',
        'feimage',
        'math',
      ].includes(tag)
    ) {
      found.push(`<${tag}>`);
    }
    for (const attr of el.attributes) {
      // eslint-disable-next-line no-control-regex -- browsers ignore these inside URL schemes
      const value = attr.value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
      if (attr.name.toLowerCase().startsWith('on')) found.push(`${tag}@${attr.name}`);
      if (/javascript:|vbscript:|data:text|data:image\/svg/.test(value))
        found.push(`${tag}@${attr.name}=${value}`);
      if (/(href|src)$/.test(attr.name) && /^(https?:)?\/\//.test(value) && tag !== 'a')
        found.push(`${tag}@${attr.name} external`);
      if (attr.name === 'style' && /url\((?!#)|@import|expression|binding|behavior/.test(value))
        found.push(`${tag}@style`);
    }
  }
  for (const style of doc.querySelectorAll('style')) {
    if (/@import|url\((?!#)|javascript:/i.test(style.textContent ?? '')) found.push('style content');
  }
  if (/&xxe;|<!ENTITY|<!DOCTYPE|<\?xml-stylesheet/i.test(svg)) found.push('declaration');
  return found;
}

describe('sanitizeSvg', () => {
  it('has at least 30 payloads in its corpus', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(XSS_PAYLOADS.map((p, i) => [i, p]))('neutralises payload %i', (_i, payload) => {
    const { svg } = sanitizeSvg(payload);
    expect(executableBits(svg)).toEqual([]);
    // The sanitised output is well-formed XML an image viewer can load.
    const xml = new JSDOM(svg, { contentType: 'image/svg+xml' });
    expect(xml.window.document.documentElement.tagName).toBe('svg');
  });

  it('keeps ids, shapes, viewBox, styles, classes and the zone data attributes', () => {
    const input = wrap(
      `<defs><style>.st0{fill:#fff;stroke:#000}</style><linearGradient id="lg"><stop offset="0" stop-color="red"/></linearGradient></defs>
      <g id="floor-1" transform="translate(1 2)">
        <polygon id="12" class="st0" points="0,0 10,0 10,10" data-bostad="1101" data-status="sale" data-inactive="0" data-link-to="plan2.svg" data-building-number="3"/>
        <path id="p1" d="M0 0L10 10Z" style="fill:url(#lg);opacity:.5"/>
        <rect x="1" y="2" width="3" height="4" rx="1"/>
        <text x="5" y="5" font-size="12">Hus A &amp; B</text>
        <use href="#p1"/>
      </g>`,
    );
    const { svg } = sanitizeSvg(input);
    expect(svg).toContain('viewBox="0 0 100 100"');
    expect(svg).toContain('<style>.st0{fill:#fff;stroke:#000}</style>');
    expect(svg).toContain(
      '<polygon id="12" class="st0" points="0,0 10,0 10,10" data-bostad="1101" data-status="sale" data-inactive="0" data-link-to="plan2.svg" data-building-number="3"/>',
    );
    expect(svg).toContain('style="fill:url(#lg);opacity:.5"');
    expect(svg).toContain('<linearGradient id="lg">');
    expect(svg).toContain('Hus A &amp; B');
    expect(svg).toContain('<use href="#p1"/>');
    expect(svg).toContain('<rect x="1" y="2" width="3" height="4" rx="1"/>');
  });

  it('keeps embedded raster images and safe links', () => {
    const { svg } = sanitizeSvg(
      wrap(
        '<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/><a href="https://planvy.se"><text>x</text></a>',
      ),
    );
    expect(svg).toContain('href="data:image/png;base64,iVBORw0KGgo="');
    expect(svg).toContain('<a href="https://planvy.se">');
  });

  it('adds the SVG namespace when missing and refuses non-SVG input', () => {
    expect(sanitizeSvg('<svg viewBox="0 0 1 1"></svg>').svg).toBe(
      '<svg viewBox="0 0 1 1" xmlns="http://www.w3.org/2000/svg"/>',
    );
    expect(() => sanitizeSvg('<html><body>hi</body></html>')).toThrow(SvgSanitizeError);
    expect(() => sanitizeSvg('just text')).toThrow(SvgSanitizeError);
  });

  it('sanitises a large plan quickly enough to be usable', () => {
    const zones = Array.from(
      { length: 5000 },
      (_, i) => `<polygon id="${i}" points="0,0 1,0 1,1" data-bostad="${i}"/>`,
    );
    const { svg } = sanitizeSvg(wrap(zones.join('')));
    expect(svg.match(/<polygon/g)).toHaveLength(5000);
  });
});
