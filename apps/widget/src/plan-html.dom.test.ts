import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseDocument } from 'htmlparser2';
import { Element, Text } from 'domhandler';
import { PLAN_ATTRIBUTE_NAMES, PLAN_ELEMENT_NAMES, SVG_NS } from '@planvy/shared/plan/svg-policy';
import { TEXT_PAYLOADS, XSS_CORPUS } from '@planvy/shared/test/xss-corpus';
import { htmlMismatch, htmlReady, planHtml } from './plan-html';
import type { ZoneContext } from './plan-zones';
import { decoratePlan, latin1Html } from './server';

/**
 * The plan as the server writes it into the widget's HTML page must come out of the HTML parser
 * as exactly the tree the server approved (ADR 020). jsdom parses HTML with parse5, which follows
 * the HTML standard, as `htmlMismatch` does.
 */

const ctx: ZoneContext = {
  apartments: new Map(),
  planIndex: new Map(),
  apartmentLabel: () => '',
  linkLabel: () => '',
};

/** The markup in a page's <div>, followed by an element of the page: what the browser builds. */
function inPage(markup: string) {
  const host = document.createElement('div');
  host.innerHTML = `${markup}<p id="after">after</p>`;
  const svg = host.firstElementChild!;
  return { host, svg, after: host.querySelector('#after') };
}

const tree = (markup: string) =>
  parseDocument(markup, { xmlMode: true }).children.find((n): n is Element => n instanceof Element);

describe('a plan written into the HTML page', () => {
  it('parses back into the approved tree for every payload of the corpus, straight from the upload (no sanitiser), with a hostile building label drawn over it', () => {
    let shown = 0;
    for (const [i, { name, svg }] of XSS_CORPUS.entries()) {
      const root = tree(svg);
      // Labels and apartment numbers on (ADR 025): the server draws the label into the plan.
      const label = TEXT_PAYLOADS[i % TEXT_PAYLOADS.length]!;
      const decorated = decoratePlan(
        svg,
        { background_url: null, buildings: [{ id: 7, label, label_svg: '' }] },
        3,
        ctx,
        'Plan',
        { label_font_size: '45', show_zone_numbers: '1' },
      );
      if (root?.name !== 'svg') {
        expect(decorated, name).toBeNull();
        continue;
      }
      expect(decorated, name).not.toBeNull();
      shown++;
      const page = inPage(decorated!.markup);
      // Only SVG inside the plan, and the page's own element after it, where the page put it.
      expect(page.svg.localName, name).toBe('svg');
      const inside = [page.svg, ...page.svg.querySelectorAll('*')];
      expect(
        inside.filter((e) => e.namespaceURI !== SVG_NS).map((e) => e.localName),
        name,
      ).toEqual([]);
      expect(page.after?.parentElement, name).toBe(page.host);
      expect(page.host.children, name).toHaveLength(2);
      // The label is there, its text as typed, and the plan's last element.
      const drawn = page.svg.querySelectorAll(':scope > .pv-labels > .pv-label > text');
      expect(
        [...drawn].map((t) => t.textContent),
        name,
      ).toEqual([`Hus ${label}`]);
      // No script, handler, style of the page's or element outside the policy came through.
      expect(
        inside.filter((e) => e.localName === 'script' || [...e.attributes].some((a) => /^on/i.test(a.name))),
        name,
      ).toEqual([]);
    }
    expect(shown).toBeGreaterThan(XSS_CORPUS.length * 0.9);
  });

  it('keeps only text in <title> and <desc>, where the HTML parser reads HTML', () => {
    const markup =
      '<svg xmlns="http://www.w3.org/2000/svg"><desc>a<style>div{display:none}</style><a/>b</desc>' +
      '<title><g/>t<![CDATA[<c>]]></title><rect/></svg>';
    const decorated = decoratePlan(markup, { background_url: null }, 0, ctx, '')!;
    expect(decorated.markup).toContain('<desc>adiv{display:none}b</desc><title>t&lt;c&gt;</title><rect/>');
    const { svg, after } = inPage(decorated.markup);
    expect([...svg.children].map((e) => [e.localName, e.childElementCount, e.textContent])).toEqual([
      ['desc', 0, 'adiv{display:none}b'],
      ['title', 0, 't<c>'],
      ['rect', 0, ''],
    ]);
    expect(after?.parentElement).toBe(svg.parentElement);
  });

  it('is refused when what the HTML parser would build is not the tree (the check can fail)', () => {
    const root = tree('<svg><desc>x</desc><rect/></svg>')!;
    htmlReady(root);
    expect(htmlMismatch(root, '<svg><desc>x</desc><rect/></svg>')).toBeNull();
    // The ways a plan escaped the page before: an element inside <desc>, left open by "/>".
    expect(htmlMismatch(root, '<svg><desc><a/>x</desc><rect/></svg>')).not.toBeNull();
    expect(htmlMismatch(root, '<svg><desc>x</desc><rect>')).not.toBeNull();
    expect(htmlMismatch(root, '<svg><desc>x</desc><rect/></svg><p>')).not.toBeNull();
    expect(htmlMismatch(root, '<svg><desc>x</desc><rect/><p></p></svg>')).not.toBeNull();
    expect(htmlMismatch(root, '<svg><desc>x</desc><RECT viewbox="0"/></svg>')).not.toBeNull();
    expect(htmlMismatch(root, '<svg><desc>x</desc><rect/><!--c--></svg>')).not.toBeNull();
  });

  it('keeps the name of every element and attribute the policy allows (HTML folds case and maps names back by its own tables)', () => {
    const attrs = Object.fromEntries(PLAN_ATTRIBUTE_NAMES.map((name) => [name, 'v']));
    const root = new Element(
      'svg',
      {},
      PLAN_ELEMENT_NAMES.map((name) => new Element(name, { ...attrs })),
    );
    htmlReady(root);
    expect(root.children).toHaveLength(PLAN_ELEMENT_NAMES.length);
    expect(htmlMismatch(root, planHtml(root))).toBeNull();
  });

  it('writes any tree of allowed names, with any text and attribute values, so that it parses back into that tree', () => {
    const names = [...PLAN_ELEMENT_NAMES.filter((n) => n !== 'svg'), 'script', 'foreignObject', 'p', 'b'];
    const attributes = [...PLAN_ATTRIBUTE_NAMES, 'data-pv-id', 'aria-label', 'onclick', 'xmlns', 'Class'];
    // Text with what HTML treats specially: markup, references, CDATA ends, CR, NUL, lone surrogates.
    const text = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.stringMatching(
        /^(?:[<>&"'\r\n\0 /=a-z;#]|<\/?(?:style|desc|title|a|p|svg)>|&(?:amp|lt|#13|#x0);|\]\]>)*$/,
      ),
    );
    const { node } = fc.letrec<{ node: Element; child: Element | Text }>((tie) => ({
      node: fc
        .record({
          name: fc.constantFrom(...names),
          attrs: fc.dictionary(fc.constantFrom(...attributes), text, { maxKeys: 4 }),
          children: fc.array(tie('child'), { maxLength: 4 }),
        })
        .map(({ name, attrs, children }) => new Element(name, attrs, children)),
      child: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        text.map((t) => new Text(t)),
        tie('node'),
      ),
    }));
    fc.assert(
      fc.property(node, (child) => {
        const root = new Element('svg', { viewBox: '0 0 10 10' }, [child]);
        htmlReady(root);
        const html = latin1Html(planHtml(root));
        expect(htmlMismatch(root, html)).toBeNull();
      }),
      { numRuns: 300 },
    );
  });
});
