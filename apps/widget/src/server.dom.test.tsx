import { describe, expect, it } from 'vitest';
import type { PublicApartment } from '@planvy/shared/public-view';
import { inlineJson, pageDataScript, readPageData } from './page-data';
import { preparePlan } from './plan-prepare';
import { adoptPlan, withoutFill, type ZoneContext } from './plan-zones';
import { decoratePlan, latin1Html } from './server';

const apartment = (id: number, status: string, inactive = false) =>
  ({ id, bostad: String(1000 + id), rooms: '2', status, inactive }) as PublicApartment;

const ctx: ZoneContext = {
  apartments: new Map([
    [1, apartment(1, 'sale')],
    [2, apartment(2, 'sold', true)],
  ]),
  planIndex: new Map([
    ['site.svg', 0],
    ['b.svg', 1],
  ]),
  apartmentLabel: (a) => `Bostad ${a.bostad} "<&>"`,
  linkLabel: (i, building) => (building === null ? `Plan ${i}` : `Hus ${building}`),
};

const MARKUP =
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" style="background:red" data-planvy-plan="">' +
  '<style>:where([data-planvy-plan]) rect{stroke:#000}:where([data-planvy-plan]) #f{stroke:url(#g)}</style>' +
  '<defs><linearGradient id="g"/></defs><use href="#l" aria-labelledby="f l"/>' +
  '<rect id="1" data-bostad="1001" class="st0" style="fill:#ccc;stroke:#000"/>' +
  '<g id="2" data-bostad="1002"><path d="M0 0h1"/></g>' +
  '<rect id="1" data-bostad="1001" x="5"/>' +
  '<rect id="l" data-link-to="missing.svg, b.svg" data-building-number="7" style="fill:red"/>' +
  '<rect id="f" data-link-to="site.svg"/><rect id="x" data-link-to="gone.svg"/><rect id="99" data-bostad="9"/>' +
  '<text fill="url(#g)">5 &lt; 6 &amp; "q"</text></svg>';

const plan = { background_url: '/projects/1/bg.jpg' };

/** Every element's attributes, in document order, as a browser reads them. */
function attributesOf(root: Element) {
  return [root, ...root.querySelectorAll('*')].map((el) => ({
    name: el.localName,
    attrs: Object.fromEntries([...el.attributes].map((a) => [a.name, a.value])),
  }));
}

describe('the server decoration and the browser decoration', () => {
  it('mark the same plan the same way (one zone model, one set of marks)', () => {
    const browser = preparePlan(MARKUP, plan, 0, ctx, 'Planritning')!;
    const server = decoratePlan(MARKUP, plan, 0, ctx, 'Planritning')!;
    expect(server.base).toEqual(browser.base);
    // The server's markup, read as a browser reads the page.
    const host = document.createElement('div');
    host.innerHTML = server.markup;
    const svg = host.querySelector('svg')!;
    // Namespace declarations aside: HTML needs none inside <svg>.
    const normalise = (list: ReturnType<typeof attributesOf>) =>
      list.map(({ name, attrs }) => ({
        name,
        attrs: { ...attrs, 'data-planvy-plan': undefined, xmlns: undefined },
      }));
    expect(normalise(attributesOf(svg))).toEqual(normalise(attributesOf(browser.svg)));
    expect(svg.querySelector('text')!.textContent).toBe('5 < 6 & "q"');
    // Ids and every reference to them in the plan's own namespace, on both paths (ADR 020).
    expect(svg.querySelector('style')!.textContent).toBe(
      ':where(.pv-p0) rect{stroke:#000}:where(.pv-p0) #pv-p0-f{stroke:url(#pv-p0-g)}',
    );
    expect(browser.svg.querySelector('style')!.textContent).toMatch(
      /#pv-p0-f ?\{ ?stroke: ?url\("?#pv-p0-g"?\)/,
    );
    expect(attributesOf(svg).find((e) => e.name === 'use')!.attrs).toMatchObject({
      href: '#pv-p0-l',
      'aria-labelledby': 'pv-p0-f pv-p0-l',
    });
    expect(svg.querySelector('text')!.getAttribute('fill')).toBe('url(#pv-p0-g)');
    expect(svg.querySelector('linearGradient')!.id).toBe('pv-p0-g');
    // The browser adopts the server's plan as it is: same box, same zones.
    const adopted = adoptPlan(svg);
    expect(adopted.base).toEqual(browser.base);
    expect([...adopted.zones.keys()]).toEqual([...browser.zones.keys()]);
    expect(adopted.zones.get(1)).toHaveLength(2);
  });

  it('give no plan for markup without an SVG root', () => {
    expect(decoratePlan('<html><body/></html>', plan, 0, ctx, '')).toBeNull();
  });
});

describe('withoutFill', () => {
  it('drops fill declarations only, whatever their case, keeping strings and functions whole', () => {
    expect(withoutFill('fill:#ccc;stroke:#000')).toBe('stroke:#000');
    expect(withoutFill(' FILL : red ; fill-opacity:.5')).toBe('fill-opacity:.5');
    expect(withoutFill('font-family:"a;fill:b";fill:url(#g;x)')).toBe('font-family:"a;fill:b"');
    expect(withoutFill('fill:red')).toBe('');
  });
});

describe('the inlined view', () => {
  const nasty = '</script><script>alert(1)</script><!-- \u2028\u2029 <\u0000 Sjöutsikten – → 日本 😀';

  it('holds no "<", no line separators and nothing past Latin-1, and reads back as the same data', () => {
    const json = JSON.stringify({ name: nasty });
    const safe = inlineJson(json);
    expect(safe).not.toMatch(/[<\u2028\u2029]/);
    expect(safe).toMatch(/^[\0-\xff]*$/);
    expect(safe).toContain('Sjöutsikten');
    expect(safe).toContain('\\u003c/script>');
    expect(JSON.parse(safe)).toEqual({ name: nasty });
  });

  it('is one inert data block the page reads back', () => {
    const view = { project: { id: 1, name: nasty } };
    document.body.innerHTML = `<div id="root"></div>${pageDataScript('"e1"', JSON.stringify(view))}`;
    const scripts = document.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.type).toBe('application/json');
    expect(readPageData()).toEqual({ etag: '"e1"', view });
  });

  it('is read from its place after everything else, never from an element of the plan with its id', () => {
    const view = { project: { id: 1, name: 'Real' } };
    const fake = JSON.stringify({ etag: '"x"', view: { project: { id: 666, name: 'Fake' } } });
    document.body.innerHTML =
      `<div id="root"><div class="pv-canvas"><svg><desc id="pv-data">${fake}</desc><text id="pv-data">${fake}</text></svg></div></div>` +
      pageDataScript('"e1"', JSON.stringify(view));
    expect(readPageData()).toEqual({ etag: '"e1"', view });
  });

  it('is null on a page without it', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(readPageData()).toBeNull();
  });
});

describe('latin1Html', () => {
  it('writes what is past Latin-1 as references the HTML parser reads back, in text and attributes', () => {
    const html = '<p title="Dela ↗">Kv. Ängen – etapp 2 😀</p>';
    const safe = latin1Html(html);
    expect(safe).toBe('<p title="Dela &#x2197;">Kv. Ängen &#x2013; etapp 2 &#x1f600;</p>');
    const p = new DOMParser().parseFromString(safe, 'text/html').querySelector('p')!;
    expect(p.title).toBe('Dela ↗');
    expect(p.textContent).toBe('Kv. Ängen – etapp 2 😀');
  });

  it('reads back the same inside an SVG style, which HTML parses as foreign content', () => {
    const svg = latin1Html('<svg><style>text::after{content:"→"}</style></svg>');
    const style = new DOMParser().parseFromString(svg, 'text/html').querySelector('style')!;
    expect(style.textContent).toBe('text::after{content:"→"}');
  });
});
