import { describe, expect, it } from 'vitest';
import { namespacedAttribute, namespacePlanIds, namespaceStylesheet, planIdPrefix } from './plan-ids';
import { guardPlan } from './svg-guard';

const P = planIdPrefix('pv-p2');

describe('namespacedAttribute', () => {
  it('moves ids, references and id lists into the namespace', () => {
    expect(P).toBe('pv-p2-');
    expect(namespacedAttribute('id', 'pv-data', P)).toBe('pv-p2-pv-data');
    expect(namespacedAttribute('id', '123', P)).toBe('pv-p2-123');
    expect(namespacedAttribute('href', '#sym', P)).toBe('#pv-p2-sym');
    expect(namespacedAttribute('xlink:href', '#sym', P)).toBe('#pv-p2-sym');
    expect(namespacedAttribute('aria-labelledby', ' a  b\tc ', P)).toBe('pv-p2-a pv-p2-b pv-p2-c');
    expect(namespacedAttribute('aria-describedby', 'pv-list-title', P)).toBe('pv-p2-pv-list-title');
    expect(namespacedAttribute('fill', 'url(#g)', P)).toBe('url(#pv-p2-g)');
    expect(namespacedAttribute('clip-path', 'URL( "#c" )', P)).toBe('URL( "#pv-p2-c" )');
    expect(namespacedAttribute('style', "fill:url('#g');stroke:#000;filter:url(#f)", P)).toBe(
      "fill:url('#pv-p2-g');stroke:#000;filter:url(#pv-p2-f)",
    );
  });

  it('leaves everything else as it is', () => {
    expect(namespacedAttribute('href', 'https://example.com/#x', P)).toBe('https://example.com/#x');
    expect(namespacedAttribute('href', 'data:image/png;base64,AA', P)).toBe('data:image/png;base64,AA');
    expect(namespacedAttribute('fill', '#ccc', P)).toBe('#ccc');
    expect(namespacedAttribute('aria-label', 'see url(#x)', P)).toBe('see url(#x)');
    expect(namespacedAttribute('data-note', 'url(#x)', P)).toBe('url(#x)');
    expect(namespacedAttribute('class', 'st0', P)).toBe('st0');
  });
});

describe('namespaceStylesheet', () => {
  it('moves #id selectors and url(#id) values, in rules and in @media', () => {
    expect(namespaceStylesheet(':where(.pv-p2) #a .b,#c>#d{fill:url(#g);stroke:#fff}', P)).toBe(
      ':where(.pv-p2) #pv-p2-a .b,#pv-p2-c>#pv-p2-d{fill:url(#pv-p2-g);stroke:#fff}',
    );
    expect(namespaceStylesheet('@media (min-width:1px){#a{fill:URL("#g")}}.x{color:#123}', P)).toBe(
      '@media (min-width:1px){#pv-p2-a{fill:URL("#pv-p2-g")}}.x{color:#123}',
    );
    expect(namespaceStylesheet(':not(#a):is(#b) rect{fill:red}', P)).toBe(
      ':not(#pv-p2-a):is(#pv-p2-b) rect{fill:red}',
    );
    // The browser's serialisation of an id that starts with a digit.
    expect(namespaceStylesheet('#\\31 23 { fill: red; }', P)).toBe('#pv-p2-\\31 23 { fill: red; }');
  });

  it('reads strings, escapes and comments as CSS does: they name no id', () => {
    const css = '[title="#a"],[title=\'#b}\'],.c\\#d,/* #e */text{font-family:"#f";fill:url(#g)}';
    expect(namespaceStylesheet(css, P)).toBe(
      '[title="#a"],[title=\'#b}\'],.c\\#d,/* #e */text{font-family:"#f";fill:url(#pv-p2-g)}',
    );
    // Never a valid id selector, and not made one.
    expect(namespaceStylesheet('#123{fill:red}#-1{fill:red}', P)).toBe('#123{fill:red}#-1{fill:red}');
    expect(namespaceStylesheet('rect{fill:red}', P)).toBe('rect{fill:red}');
  });
});

describe('namespacePlanIds', () => {
  it('rewrites a guarded plan so that it still draws the same in the page', () => {
    const svg = guardPlan(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" id="root">' +
        '<style>#z{fill:url(#g)}</style><defs><linearGradient id="g"/><path id="p" d="M0 0h9"/></defs>' +
        '<rect id="z" clip-path="url(#c)" style="stroke:url(#g)"/><use xlink:href="#z"/>' +
        '<text><textPath href="#p" aria-describedby="z">x</textPath></text></svg>',
      { scope: ':where(.pv-p2)' },
    )!;
    namespacePlanIds(svg, P);
    expect(svg.id).toBe('pv-p2-root');
    expect([...svg.querySelectorAll('[id]')].map((e) => e.id)).toEqual(['pv-p2-g', 'pv-p2-p', 'pv-p2-z']);
    const rect = svg.querySelector('rect')!;
    expect(rect.getAttribute('clip-path')).toBe('url(#pv-p2-c)');
    expect(rect.getAttribute('style')).toBe('stroke:url(#pv-p2-g)');
    expect(svg.querySelector('use')!.getAttributeNS('http://www.w3.org/1999/xlink', 'href')).toBe('#pv-p2-z');
    expect(svg.querySelector('textPath')!.getAttribute('href')).toBe('#pv-p2-p');
    expect(svg.querySelector('textPath')!.getAttribute('aria-describedby')).toBe('pv-p2-z');
    expect(svg.querySelector('style')!.textContent).toBe(':where(.pv-p2) #pv-p2-z{fill:url("#pv-p2-g")}');
  });
});
