import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import * as csstree from 'css-tree';
import { cssPropertyAllowed } from '@planvy/shared/plan/css-policy';
import {
  PLAN_SCOPE,
  planAttribute,
  planElement,
  ROOT_DROPPED_ATTRIBUTES,
  safePlanHref,
  SVG_NS,
  TEXT_ONLY_ELEMENTS,
} from '@planvy/shared/plan/svg-policy';
import { wrap, XSS_CORPUS } from '@planvy/shared/test/xss-corpus';
import { sanitizeSvg, SvgSanitizeError } from './svg-sanitize';

/** Declarations of a style attribute or rule that the plan policy does not allow. */
function badDeclarations(text: string, onRoot: boolean): string[] {
  const found: string[] = [];
  const ast = csstree.parse(text, { context: 'declarationList', parseValue: true });
  csstree.walk(ast, (node) => {
    if (node.type === 'Declaration' && (!cssPropertyAllowed(node.property, onRoot) || node.important))
      found.push(`${node.property}`);
    if (node.type === 'Url' && !node.value.startsWith('#')) found.push(`url(${node.value})`);
    if (node.type === 'Function' && /url|image|var|expression|attr|env/i.test(node.name))
      found.push(`${node.name}()`);
    if (node.type === 'Raw') found.push(`raw ${node.value}`);
  });
  return found;
}

/**
 * Loads the sanitised markup as an SVG document and reports anything outside the plan
 * policy: an element or attribute not allowed, a handler, a URL that leaves the plan, a
 * link that could navigate this window, a root that can leave its box, and any CSS rule
 * that is not confined to the plan or holds what the policy forbids.
 */
function violations(svg: string): string[] {
  const doc = new JSDOM(svg, { contentType: 'image/svg+xml' }).window.document;
  const root = doc.documentElement;
  const found: string[] = [];
  if (root.localName !== 'svg' || root.namespaceURI !== SVG_NS) return ['root is not an SVG svg'];
  for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
    const tag = el.localName;
    if (el.namespaceURI !== SVG_NS || planElement(tag) !== tag) found.push(`<${tag}>`);
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name;
      if (name === 'xmlns' || name === 'xmlns:xlink') continue;
      if (!planAttribute(name)) found.push(`${tag} @${name}`);
      if (/^on/i.test(attr.localName)) found.push(`${tag} @${name} handler`);
      if (/href$/.test(name) && safePlanHref(tag, attr.value) !== attr.value)
        found.push(`${tag} @${name}=${attr.value}`);
      if (el === root && ROOT_DROPPED_ATTRIBUTES.has(name)) found.push(`root @${name}`);
      if (name === 'style')
        found.push(...badDeclarations(attr.value, el === root).map((d) => `${tag} style ${d}`));
      if (name !== 'style' && /url\((?!#)|\\/i.test(attr.value)) found.push(`${tag} @${name}=${attr.value}`);
    }
    const href = el.getAttribute('href') ?? el.getAttribute('xlink:href');
    if (tag === 'a' && href && /^https?:/.test(href)) {
      if (el.getAttribute('target') !== '_blank' || el.getAttribute('rel') !== 'noopener noreferrer')
        found.push(`link ${href} may navigate this window`);
    }
    // In a page, elements in these would be parsed as HTML (ADR 020).
    if (TEXT_ONLY_ELEMENTS.has(tag) && el.children.length) found.push(`element inside <${tag}>`);
    if (tag === 'style') {
      const sheet = csstree.parse(el.textContent ?? '', { context: 'stylesheet', parseValue: true });
      csstree.walk(sheet, (node) => {
        if (node.type === 'Atrule' && node.name !== 'media') found.push(`@${node.name}`);
        if (node.type === 'Rule' && node.prelude.type === 'SelectorList') {
          node.prelude.children.forEach((s) => {
            if (!csstree.generate(s).startsWith(`${PLAN_SCOPE} `))
              found.push(`unscoped ${csstree.generate(s)}`);
          });
          found.push(...badDeclarations(csstree.generate(node.block).slice(1, -1), false));
        }
      });
    }
  }
  return found;
}

describe('sanitizeSvg against the shared XSS corpus', () => {
  it('has well over 100 payloads', () => {
    expect(XSS_CORPUS.length).toBeGreaterThan(150);
  });

  it.each(XSS_CORPUS.map((c) => [c.name, c.svg]))('neutralises: %s', (_name, payload) => {
    let svg: string;
    try {
      svg = sanitizeSvg(payload).svg;
    } catch (error) {
      // Refused outright (not an SVG image at all): nothing of it is stored.
      expect(error).toBeInstanceOf(SvgSanitizeError);
      return;
    }
    expect(violations(svg)).toEqual([]);
    // Stable: sanitising the stored markup again (a save from the editor) changes nothing.
    expect(sanitizeSvg(svg).svg).toBe(svg);
  });
});

describe('sanitizeSvg, the attacks of issue 9 one by one', () => {
  const styleOf = (svg: string) => /<style>(.*?)<\/style>/.exec(svg)?.[1] ?? '';

  it('confines every selector to the plan, also after a quoted "(" or ","', () => {
    const css = styleOf(
      sanitizeSvg(
        wrap(
          '<style>[title="("],body{display:none} [title=","], html{fill:blue} svg,:root,*{fill:red}</style>',
        ),
      ).svg,
    );
    expect(css).toBe(
      `${PLAN_SCOPE} [title="("],${PLAN_SCOPE} body{display:none}` +
        `${PLAN_SCOPE} [title=","],${PLAN_SCOPE} html{fill:blue}` +
        `${PLAN_SCOPE} svg,${PLAN_SCOPE} :root,${PLAN_SCOPE} *{fill:red}`,
    );
  });

  it('reads a <style> with child elements as the browser does, one stylesheet', () => {
    const { svg } = sanitizeSvg(
      wrap('<style>.a{fill:blue}<g>body{display:none}</g>@import "https://evil.example/x.css";</style>'),
    );
    expect(styleOf(svg)).toBe(`${PLAN_SCOPE} .a{fill:blue}${PLAN_SCOPE} body{display:none}`);
    expect(svg).not.toContain('<g>');
  });

  it('keeps text only in <title> and <desc>, where a page would parse elements as HTML', () => {
    const { svg, removed } = sanitizeSvg(
      wrap('<desc>a<style>div{display:none}</style><a/>b</desc><title><g/>t<![CDATA[<c>]]></title><rect/>'),
    );
    expect(svg).toContain('<desc>adiv{display:none}b</desc><title>t&lt;c&gt;</title><rect/>');
    expect(removed).toEqual(
      expect.arrayContaining(['element style in desc', 'element a in desc', 'element g in title']),
    );
  });

  it('compares decoded names: \\75 rl(, u\\rl(, \\62 ody, po\\73 ition, @\\69mport', () => {
    const { svg } = sanitizeSvg(
      wrap(
        '<style>@\\69mport "https://evil.example/x.css";\\62 ody{fill:red}.a{background:\\75 rl(https://evil.example/a.png)}.b{fill:u\\rl(https://evil.example/b#c)}</style>' +
          '<rect style="po\\73 ition:fixed;fill:\\72 ed" fill="\\75 rl(https://evil.example/p#x)"/>',
      ),
    );
    expect(styleOf(svg)).toBe(`${PLAN_SCOPE} body{fill:red}`);
    expect(svg).toContain('<rect style="fill:red"/>');
    expect(svg).not.toContain('evil');
  });

  it('drops image-set(), expression(), -moz-binding, behavior, var() and remote fonts', () => {
    const { svg } = sanitizeSvg(
      wrap(
        '<style>.a{background-image:image-set("https://evil.example/a.png" 1x);fill:green}.b{width:expression(alert(1))}' +
          '.c{-moz-binding:url(x.xml#x);behavior:url(x.htc)}.d{--x:url(https://evil.example);fill:var(--x)}' +
          '@font-face{font-family:E;src:url(https://evil.example/f.woff)}</style>',
      ),
    );
    expect(styleOf(svg)).toBe(`${PLAN_SCOPE} .a{fill:green}`);
  });

  it('drops xml:base wherever it is', () => {
    const { svg } = sanitizeSvg(
      wrap(
        '<g xml:base="javascript:alert(1)//"><a xml:base="https://evil.example/" href="#x"><text>x</text></a></g>',
        ' xml:base="javascript:alert(1)//"',
      ),
    );
    expect(svg).not.toContain('xml:base');
    expect(svg).toContain('<a href="#x">');
  });

  it('keeps the root inside its box: no position, transform, overflow, filter or size from the plan', () => {
    const { svg } = sanitizeSvg(
      wrap(
        '<rect width="9" height="9"/>',
        ' style="position:fixed;inset:0;z-index:99999;transform:scale(9);overflow:visible;width:100vw;background:#fff;fill:#123456;font-family:Arial" transform="scale(9)" overflow="visible" filter="url(#f)"',
      ),
    );
    expect(svg).toMatch(/^<svg [^>]*style="background:#fff;fill:#123456;font-family:Arial"/);
    expect(svg).not.toMatch(/^<svg[^>]*(transform|overflow|filter)=/);
  });

  it('opens web links in a new window without an opener, and never takes target or rel from the plan', () => {
    const { svg } = sanitizeSvg(
      wrap(
        '<a href="https://planvy.se/" target="_top" rel="opener"><text>a</text></a>' +
          '<a href="#zone" target="_parent"><text>b</text></a><a href="mailto:info@planvy.se"><text>c</text></a>',
      ),
    );
    expect(svg).toContain('<a href="https://planvy.se/" target="_blank" rel="noopener noreferrer">');
    expect(svg).toContain('<a href="#zone">');
    expect(svg).toContain('<a href="mailto:info@planvy.se">');
  });

  it('removes javascript: URLs however they are written', () => {
    for (const href of [
      'java&#9;script:alert(1)',
      ' &#x6a;avascript:alert(1)',
      'JAVA\nSCRIPT:alert(1)',
      '&#1;javascript:alert(1)',
      '\u2028javascript:alert(1)',
      'javascript&colon;alert(1)',
      '/relative/path',
    ]) {
      expect(sanitizeSvg(wrap(`<a href="${href}"><text>x</text></a>`)).svg).toContain(
        '<a><text>x</text></a>',
      );
    }
  });

  it('removes characters XML forbids, raw or as references, so the stored plan stays readable', () => {
    const { svg } = sanitizeSvg(
      wrap('<text id="t\u0001" class="a&#1;b">A\u0000B\u000bC&#x1F;D\uFFFE&#xFFFF;E\ud800F</text>'),
    );
    expect(svg).toContain('<text id="t" class="ab">ABCDEF</text>');
    const doc = new JSDOM(svg, { contentType: 'image/svg+xml' }).window.document;
    expect(doc.querySelector('text')!.textContent).toBe('ABCDEF');
  });
});

describe('sanitizeSvg keeps what plans need', () => {
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
    // Plan styles stay, confined to the plan (the root carries the scope).
    expect(svg).toContain(`<style>${PLAN_SCOPE} .st0{fill:#fff;stroke:#000}</style>`);
    expect(svg).toMatch(/^<svg [^>]*data-planvy-plan=""/);
    expect(svg).toContain(
      '<polygon id="12" class="st0" points="0,0 10,0 10,10" data-bostad="1101" data-status="sale" data-inactive="0" data-link-to="plan2.svg" data-building-number="3"/>',
    );
    expect(svg).toContain('style="fill:url(#lg);opacity:.5"');
    expect(svg).toContain('<linearGradient id="lg">');
    expect(svg).toContain('Hus A &amp; B');
    expect(svg).toContain('<use href="#p1"/>');
    expect(svg).toContain('<rect x="1" y="2" width="3" height="4" rx="1"/>');
  });

  it('keeps fonts, fills by class, media queries and in-plan references in plan CSS', () => {
    const { svg } = sanitizeSvg(
      wrap(
        '<style>.label{font-family:"Courier New",monospace;font-size:12px;font-weight:700}' +
          '@media (max-width:600px){.label{font-size:8px}}.z{fill:url(#g);stroke:rgb(0 0 0/50%)}</style>',
      ),
    );
    expect(/<style>(.*?)<\/style>/.exec(svg)?.[1]).toBe(
      `${PLAN_SCOPE} .label{font-family:"Courier New",monospace;font-size:12px;font-weight:700}` +
        `@media (max-width:600px){${PLAN_SCOPE} .label{font-size:8px}}${PLAN_SCOPE} .z{fill:url(#g);stroke:rgb(0 0 0/50%)}`,
    );
  });

  it('keeps embedded raster images and safe links', () => {
    const { svg } = sanitizeSvg(
      wrap(
        '<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/><a href="https://planvy.se"><text>x</text></a>',
      ),
    );
    expect(svg).toContain('href="data:image/png;base64,iVBORw0KGgo="');
    expect(svg).toContain('<a href="https://planvy.se" target="_blank" rel="noopener noreferrer">');
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
      (_, i) => `<polygon id="${i}" points="0,0 1,0 1,1" data-bostad="${i}" style="fill:#ccc;stroke:#333"/>`,
    );
    const { svg } = sanitizeSvg(wrap(zones.join('')));
    expect(svg.match(/<polygon/g)).toHaveLength(5000);
  });
});
