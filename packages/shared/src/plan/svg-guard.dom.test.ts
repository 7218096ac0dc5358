import { describe, expect, it } from 'vitest';
import { wrap, XSS_CORPUS } from '../../test/xss-corpus';
import {
  cssValueAllowed,
  sanitizeDeclarations,
  scopeSelector,
  scopeSelectorList,
  splitOutside,
} from './css-policy';
import { guardPlan } from './svg-guard';
import {
  PLAN_SCOPE,
  planAttribute,
  planElement,
  safePlanHref,
  stripXmlForbidden,
  SVG_NS,
  TEXT_ONLY_ELEMENTS,
} from './svg-policy';

/**
 * Unit tests of the browser guard under jsdom. jsdom's CSS parser is not a browser's, so
 * these check the guard's own rules; e2e/plan-xss.e2e.ts runs the same corpus through the
 * guard in real Chromium, in the widget and in the admin editor.
 */

/** Everything left in a guarded plan that the plan policy does not allow. */
function leftovers(root: Element): string[] {
  const found: string[] = [];
  for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
    if (el.namespaceURI !== SVG_NS || planElement(el.localName) !== el.localName)
      found.push(`<${el.localName}>`);
    if (TEXT_ONLY_ELEMENTS.has(el.localName) && el.children.length)
      found.push(`element inside <${el.localName}>`);
    for (const a of Array.from(el.attributes)) {
      if (a.name === 'xmlns' || a.name === 'xmlns:xlink') continue;
      if (!planAttribute(a.name)) found.push(`${el.localName} @${a.name}`);
      if (a.localName === 'href' && safePlanHref(el.localName, a.value) !== a.value)
        found.push(`${el.localName} @${a.name}=${a.value}`);
      if (a.name === 'style' && sanitizeDeclarations(a.value, el === root) !== a.value)
        found.push(`${el.localName} style=${a.value}`);
    }
    if (
      el.localName === 'a' &&
      /^https?:/.test(el.getAttribute('href') ?? '') &&
      el.getAttribute('target') !== '_blank'
    )
      found.push('link opens in this window');
    if (el.localName === 'style') {
      const css = el.textContent ?? '';
      if (/@import|@font-face|url\((?!["']?#)|!important|:host/i.test(css)) found.push(`style: ${css}`);
      for (const rule of css.replace(/@media[^{]*\{/g, '').split('}')) {
        const selectors = rule.includes('{') ? splitOutside(rule.slice(0, rule.indexOf('{')), ',') : [];
        for (const s of selectors) if (!s.startsWith(`${PLAN_SCOPE} `)) found.push(`unscoped ${s}`);
      }
    }
  }
  return found;
}

describe('guardPlan against the shared XSS corpus', () => {
  it.each(XSS_CORPUS.map((c) => [c.name, c.svg]))('neutralises: %s', (_name, payload) => {
    const root = guardPlan(payload);
    // Not a well-formed SVG document: refused as a whole, nothing reaches the page.
    if (!root) return;
    expect(leftovers(root)).toEqual([]);
    expect(root.getAttribute('data-planvy-plan')).toBe('');
  });
});

describe('guardPlan', () => {
  it('refuses markup that is not a well-formed SVG document', () => {
    expect(guardPlan('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>')).toBeNull();
    expect(guardPlan('<html><body>hi</body></html>')).toBeNull();
    expect(guardPlan('<svg><rect/></svg>')).toBeNull(); // no SVG namespace
  });

  it('reads a bare <svg> element, and a whole document with a prolog, alike', () => {
    const plan = wrap('<path id="1" data-bostad="1" d="M0 0h1v1z"/>');
    for (const markup of [plan, `${plan}\n`, `<?xml version="1.0" encoding="UTF-8"?>\n${plan}`]) {
      const root = guardPlan(markup);
      expect(root?.namespaceURI).toBe(SVG_NS);
      expect(root?.querySelector('[data-bostad]')?.getAttribute('id')).toBe('1');
    }
    // Two roots, or text after the root: not one SVG document.
    expect(guardPlan(`${plan}${plan}`)).toBeNull();
    expect(guardPlan(`${plan}<script>alert(1)</script>`)).toBeNull();
  });

  it('reads a plan with characters XML forbids (stored before they were removed on upload)', () => {
    const root = guardPlan(wrap('<text>A\u0001B\u000bC\uffffD</text>'));
    expect(root?.querySelector('text')?.textContent).toBe('ABCD');
  });

  it('keeps zones, their data attributes, in-plan references and inline raster images', () => {
    const root = guardPlan(
      wrap(
        '<defs><linearGradient id="g"/></defs><path id="12" data-bostad="1001" data-status="sale" fill="url(#g)" style="fill:#ccc;stroke:#000" d="M0 0h1v1z"/>' +
          '<use href="#12"/><image href="data:image/png;base64,AAAA" width="1" height="1"/>',
      ),
    )!;
    const zone = root.querySelector('[data-bostad]')!;
    expect(zone.getAttribute('id')).toBe('12');
    expect(zone.getAttribute('fill')).toBe('url(#g)');
    expect(zone.getAttribute('style')).toBe('fill:#ccc;stroke:#000');
    expect(root.querySelector('use')!.getAttribute('href')).toBe('#12');
    expect(root.querySelector('image')!.getAttribute('href')).toBe('data:image/png;base64,AAAA');
  });

  it('scopes plan styles to the root it is given and drops imports, foreign URLs and !important', () => {
    const root = guardPlan(
      wrap(
        '<style>@import url(x.css); .st0, g > .st1 { fill: red !important } body { display: none } .x { fill: url(https://evil.example/p) }</style>',
      ),
      { scope: ':where(.pv-p3)' },
    )!;
    const css = root.querySelector('style')!.textContent ?? '';
    expect(css).toContain(':where(.pv-p3) .st0,:where(.pv-p3) g > .st1{fill:red}');
    expect(css).toContain(':where(.pv-p3) body{display:none}');
    expect(css).not.toMatch(/@import|evil|important/);
  });

  it('keeps text only in <title> and <desc>, as the server does', () => {
    const root = guardPlan(
      wrap('<desc>a<style>div{display:none}</style><a/>b</desc><title><g/>t<![CDATA[<c>]]></title><rect/>'),
    )!;
    expect(Array.from(root.children, (e) => [e.localName, e.childNodes.length, e.textContent])).toEqual([
      ['desc', 1, 'adiv{display:none}b'],
      ['title', 1, 't<c>'],
      ['rect', 0, ''],
    ]);
  });

  it('moves stored plan styles to another scope without nesting the stored one', () => {
    const root = guardPlan(wrap(`<style>${PLAN_SCOPE} .st0{fill:red}</style>`), { scope: ':where(.pv-p0)' })!;
    expect(root.querySelector('style')!.textContent).toBe(':where(.pv-p0) .st0{fill:red}');
    // With the default scope a stored plan passes unchanged (an editor save changes nothing).
    expect(
      guardPlan(wrap(`<style>${PLAN_SCOPE} .st0{fill:red}</style>`))!.querySelector('style')!.textContent,
    ).toBe(`${PLAN_SCOPE} .st0{fill:red}`);
  });

  it('keeps the root inside its box and links out of this window', () => {
    const root = guardPlan(
      wrap(
        '<a href="https://planvy.se/" target="_top"><text>x</text></a><a href="#a" target="_top"><text>y</text></a>',
        ' style="position:fixed;inset:0;background:#fff" transform="scale(9)" overflow="visible" xml:base="javascript:alert(1)//"',
      ),
    )!;
    expect(root.getAttribute('style')).toBe('background:#fff');
    expect(
      root.hasAttribute('transform') || root.hasAttribute('overflow') || root.hasAttribute('xml:base'),
    ).toBe(false);
    const [web, local] = Array.from(root.querySelectorAll('a'));
    expect([web!.getAttribute('target'), web!.getAttribute('rel')]).toEqual([
      '_blank',
      'noopener noreferrer',
    ]);
    expect(local!.hasAttribute('target')).toBe(false);
  });
});

describe('the CSS policy', () => {
  it('splits selector lists outside strings, parentheses and brackets', () => {
    expect(splitOutside('.a, :is(.b, .c) .d ,[x="1,2"], [t="("], body', ',')).toEqual([
      '.a',
      ':is(.b, .c) .d',
      '[x="1,2"]',
      '[t="("]',
      'body',
    ]);
  });

  it('scopes every selector and drops those that reach out of the plan', () => {
    expect(scopeSelectorList('[title="("], body, :host, ::slotted(*), & .a, .b')).toBe(
      `${PLAN_SCOPE} [title="("],${PLAN_SCOPE} body,${PLAN_SCOPE} .b`,
    );
    expect(scopeSelector(`${PLAN_SCOPE} > .a`)).toBe(`${PLAN_SCOPE} ${PLAN_SCOPE} > .a`);
  });

  it('allows colours, maths, transforms and #references; nothing that fetches or hides a call', () => {
    for (const ok of [
      '#fff',
      'url(#g)',
      'url("#g") none',
      'rgb(0 0 0 / 50%)',
      'calc(1px + 2%)',
      'translate(1px) rotate(2deg)',
      '"a(b" serif',
    ])
      expect(cssValueAllowed(ok)).toBe(true);
    for (const bad of [
      'url(https://evil.example/x)',
      'URL(x)',
      'u\\rl(x)',
      '\\75 rl(x)',
      'image-set("x" 1x)',
      'var(--x)',
      'expression(alert(1))',
      'attr(data-x)',
      '(1)',
      'red; position: fixed',
      '"unclosed',
    ])
      expect(cssValueAllowed(bad), bad).toBe(false);
  });

  it('rebuilds declarations from what is allowed, and the root keeps only what paints in its box', () => {
    expect(
      sanitizeDeclarations(
        'fill: red !important; POSITION: fixed; stroke:url(#a); -moz-binding:url(x); font-family:"A;B"',
      ),
    ).toBe('fill:red;stroke:url(#a)');
    expect(sanitizeDeclarations('transform:scale(2);fill:red;width:100vw;background:#fff', true)).toBe(
      'fill:red;background:#fff',
    );
  });

  it('strips characters XML forbids, and nothing else', () => {
    expect(stripXmlForbidden('a\u0000b\u0008c\td\ne\rf\ud83d\ude00g\ud800h\uffff')).toBe(
      'abc\td\ne\rf\ud83d\ude00gh',
    );
    const same = 'plain text';
    expect(stripXmlForbidden(same)).toBe(same);
  });
});
