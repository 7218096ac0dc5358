import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { parseDocument } from 'htmlparser2';
import { JSDOM } from 'jsdom';
import { Element, type ChildNode } from 'domhandler';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WidgetPageRenderer } from '@planvy/shared/widget-page';
import type { ApartmentOverrides } from '@planvy/shared/test/arrange';
import { arrangeFor, createTestApp, type TestApp } from '../../../test/harness';
import { WIDGET_CSP, WIDGET_PAGE_CACHE } from './routes';

const widgetDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../widget');

let t: TestApp;
let readPageData: (doc: Document) => { etag: string; view: { project: { id: number; name: string } } } | null;
type U = Awaited<ReturnType<TestApp['createUser']>>;
let admin: U;
let project: number;

beforeAll(async () => {
  // The widget's server entry from source (the build bundles the same module) and its page template.
  const entry = path.join(widgetDir, 'src/server.tsx');
  const { renderer } = (await import(/* @vite-ignore */ entry)) as { renderer: WidgetPageRenderer };
  // How the widget's script finds the view in the page.
  ({ readPageData } = (await import(/* @vite-ignore */ path.join(widgetDir, 'src/page-data.ts'))) as {
    readPageData: typeof readPageData;
  });
  const template = fs.readFileSync(path.join(widgetDir, 'index.html'), 'utf8');
  t = await createTestApp({ publicViewTtlMs: 0 }, { widgetBuild: { template, renderer } });
});
afterAll(() => t.close());

/**
 * Markup that tries to end the data block or open a comment, String.replace's patterns
 * ($' $& $$), and text past Latin-1 (– → 😀).
 */
const NASTY = "</script><script>alert(1)</script><!-- $' $& $$ – → 😀";

beforeEach(async () => {
  await t.reset();
  admin = await t.createUser('admin');
  const client = await t.createUser('client');
  project = (await arrangeFor(t, admin.token).project({ owner: client.id, name: `Sjöutsikten ${NASTY}` })).id;
});

const addApartment = (body: ApartmentOverrides) => arrangeFor(t, admin.token).apartment(project, body);

async function upload(name: string, svg: string) {
  await arrangeFor(t, admin.token).plan(project, { name, markup: svg });
}

/** A project with two apartments and a building link drawn on a site plan, and the building's plan. */
async function arrange() {
  const sale = await addApartment({ bostad: `1101 ${NASTY}`, rooms: '3', status: 'sale' });
  const sold = await addApartment({ bostad: '1102', status: 'sold', inactive: '1' });
  const upstairs = await addApartment({ bostad: '1201', status: 'reserved' });
  const building = (
    await t.as(admin.token, {
      method: 'POST',
      url: `/api/v1/building-numbers/${project}`,
      payload: { label: 'A' },
    })
  ).json();
  const buildingId = building.building_number.id as number;
  await upload(
    'site.svg',
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><style>rect{stroke:#000}</style>` +
      `<rect id="${sale.id}" data-bostad="1101" width="10" height="10" style="fill:#ccc;stroke-width:2"/>` +
      `<rect id="${sold.id}" data-bostad="1102" x="20" width="10" height="10"/>` +
      `<rect id="hus" data-link-to="hus-a.svg" data-building-number="${buildingId}" x="40" width="10" height="10"/>` +
      `<rect id="nowhere" data-link-to="missing.svg" x="60" width="10" height="10"/></svg>`,
  );
  await upload(
    'hus-a.svg',
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 50 50"><rect id="${upstairs.id}" data-bostad="1201" width="5" height="5"/></svg>`,
  );
  return { sale, sold, upstairs, buildingId };
}

const page = (query = '', headers: Record<string, string> = {}, id: number | string = project) =>
  t.app.inject({ method: 'GET', url: `/view/${id}${query}`, headers });

function elements(nodes: ChildNode[], out: Element[] = []): Element[] {
  for (const n of nodes) {
    if (n instanceof Element) {
      out.push(n);
      elements(n.children, out);
    }
  }
  return out;
}

/** The page as a browser's tree: every element, and the text of the scripts. */
function parse(html: string) {
  const doc = parseDocument(html, { lowerCaseAttributeNames: false });
  const all = elements(doc.children);
  return {
    all,
    zone: (attr: string, value: string) => all.find((e) => e.attribs[attr] === value),
    scripts: all.filter((e) => e.name === 'script'),
    svg: all.find((e) => e.name === 'svg' && (e.parent as Element | null)?.attribs.class === 'pv-canvas'),
  };
}

describe('GET /view/{projectId}', () => {
  it('holds the first plan, framed, its zones coloured and named in the page language, with the CSS inlined', async () => {
    const { sale, sold } = await arrange();
    const res = await page();
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const { zone, svg, all } = parse(html);
    expect(svg?.attribs).toMatchObject({
      class: 'pv-plan-svg pv-p0',
      viewBox: '0 0 200 100',
      preserveAspectRatio: 'xMidYMid meet',
      role: 'group',
      'aria-label': 'Planritning',
    });
    expect(svg?.attribs.width).toBeUndefined();
    const saleZone = zone('data-pv-id', String(sale.id))!;
    expect(saleZone.attribs).toMatchObject({
      class: 'pv-zone pv-st-sale',
      role: 'button',
      tabindex: '0',
      style: 'stroke-width:2',
    });
    expect(saleZone.attribs['aria-label']).toContain('Bostad 1101');
    expect(saleZone.attribs['aria-label']).toContain('Till salu');
    expect(zone('data-pv-id', String(sold.id))!.attribs.class).toBe('pv-zone pv-st-sold pv-inactive');
    // Plan ids are in the plan's own namespace in the page (ADR 020).
    const hus = zone('id', 'pv-p0-hus')!;
    expect(hus.attribs).toMatchObject({
      class: 'pv-zone pv-link pv-building',
      'data-pv-plan': '1',
      'aria-label': 'Hus A',
    });
    expect(zone('id', 'pv-p0-nowhere')!.attribs.role).toBeUndefined();
    // The plan's own rules are confined to this plan's class.
    const style = all.find((e) => e.name === 'style' && e.parent === svg)!;
    expect((style.children[0] as { data: string }).data).toBe(':where(.pv-p0) rect{stroke:#000}');
    // Status colours and the project's look are in the head, so no script is needed to paint them.
    const css = all.find((e) => e.attribs.id === 'pv-page-css')!;
    const text = (css.children[0] as { data: string }).data;
    expect(text).toContain('.pv-zone.pv-st-sale{fill:var(--pv-sale-svg)!important}');
    expect(text).toMatch(/:root\{[^}]*--pv-sale-svg:#/);
    // The same App the browser hydrates: header, legend, list area.
    expect(html).toContain('class="pv-root pv-classic"');
    expect(html).toContain('<html lang="sv">');

    const en = parse((await page('?lang=en')).body);
    expect(en.zone('data-pv-id', String(sale.id))!.attribs['aria-label']).toContain('For sale');
    expect(en.zone('id', 'pv-p0-hus')!.attribs['aria-label']).toBe('Building A');
  });

  it("shows the deep-linked apartment's plan with its panel open", async () => {
    const { upstairs } = await arrange();
    const { svg, zone, all } = parse((await page(`?apartment=${upstairs.id}`)).body);
    expect(svg?.attribs.class).toBe('pv-plan-svg pv-p1');
    expect(svg?.attribs.viewBox).toBe('0 0 50 50');
    expect(zone('data-pv-id', String(upstairs.id))!.attribs.class).toBe('pv-zone pv-st-reserved');
    expect(all.some((e) => e.attribs.role === 'dialog')).toBe(true);
  });

  it('inlines the view as inert JSON: names that try to end the script or open a comment stay text', async () => {
    await arrange();
    const res = await page();
    const html = res.body;
    const { scripts, all } = parse(html);
    // One module script (the widget's own file) and one JSON data block; nothing else runs.
    expect(scripts.map((s) => s.attribs.type)).toEqual(['module', 'application/json']);
    const data = scripts[1]!;
    const json = (data.children[0] as { data: string }).data;
    expect(json).not.toContain('<');
    const parsed = JSON.parse(json) as {
      etag: string;
      view: { project: { name: string }; apartments: { bostad: string }[] };
    };
    expect(parsed.view.project.name).toBe(`Sjöutsikten ${NASTY}`);
    expect(parsed.view.apartments[0]!.bostad).toBe(`1101 ${NASTY}`);
    const viewRes = await t.app.inject({ method: 'GET', url: `/api/v1/public/view/${project}` });
    expect(parsed.etag).toBe(viewRes.headers.etag);
    // The title and the heading hold the name as text.
    expect(all.find((e) => e.name === 'title')!.children[0]).toMatchObject({ data: `Sjöutsikten ${NASTY}` });
    expect(all.find((e) => e.name === 'h1')!.children[0]).toMatchObject({ data: `Sjöutsikten ${NASTY}` });
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).not.toContain('<!--"');
    // Past Latin-1 only as references and escapes, so the browser keeps the page one-byte text.
    expect(html).toMatch(/^[\0-\xff]*$/);
  });

  it('is cacheable: a strong ETag, 304 when unchanged, a new page after a change', async () => {
    const { sale } = await arrange();
    const first = await page();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe(WIDGET_PAGE_CACHE);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=0, stale-while-revalidate=\d+$/);
    expect(first.headers.vary).toBe('accept-encoding');
    const again = await page('', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another language is another page.
    expect((await page('?lang=en')).headers.etag).not.toBe(etag);

    const change = await t.as(admin.token, {
      method: 'PUT',
      url: `/api/v1/admin/apartment/${sale.id}`,
      payload: { status: 'reserved' },
    });
    expect(change.statusCode).toBeLessThan(300);
    const after = await page('', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(parse(after.body).zone('data-pv-id', String(sale.id))!.attribs.class).toBe(
      'pv-zone pv-st-reserved',
    );
  });

  it('is sent compressed to browsers that accept it, compressed once, the same page and ETag in every encoding', async () => {
    await arrange();
    const plain = await page();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await page('', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gz = await page('', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    // The second buyer gets the very bytes the first one did: nothing is compressed again.
    const again = await page('', { 'accept-encoding': 'br' });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
    expect(
      (await page('', { 'accept-encoding': 'br', 'if-none-match': plain.headers.etag as string })).statusCode,
    ).toBe(304);
  });

  it('shows a plan edited in the back-office on the next page (plans are kept per version, not per name)', async () => {
    const apt = await addApartment({ bostad: '7', status: 'sale' });
    await upload(
      'site.svg',
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 50 50"><rect x="1" y="1" width="9" height="9"/></svg>',
    );
    expect(parse((await page()).body).zone('data-pv-id', String(apt.id))).toBeUndefined();
    const plans = (await t.as(admin.token, { method: 'GET', url: `/api/v1/admin/plans/${project}` })).json()
      .plans as { id: number; version: number }[];
    const edit = await t.as(admin.token, {
      method: 'PATCH',
      url: `/api/v1/admin/plans/${project}/${plans[0]!.id}/zone`,
      payload: {
        version: plans[0]!.version,
        zone: { path: [0], name: 'rect', id: null },
        edit: { kind: 'attach', apartment_id: apt.id },
      },
    });
    expect(edit.statusCode).toBe(200);
    expect(parse((await page()).body).zone('data-pv-id', String(apt.id))!.attribs.class).toBe(
      'pv-zone pv-st-sale',
    );
  });

  it('renders a bounded number of new pages per client address a minute; past it the script draws the page', async () => {
    await arrange();
    const from = (query: string, remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: `/view/${project}${query}`, remoteAddress });
    const rendered = (html: string) => parse(html).svg !== undefined;
    // Each price bound is a page of its own: a client making them up spends its budget.
    const budget = t.config.widgetRendersPerMinute;
    for (let i = 1; i <= budget; i++) {
      expect(rendered((await from(`?price_min=${i}`, '198.51.100.7')).body)).toBe(true);
    }
    const past = await from(`?price_min=${budget + 1}`, '198.51.100.7');
    expect(past.statusCode).toBe(200);
    expect(rendered(past.body)).toBe(false);
    expect(past.body).toContain('pv-boot');
    expect(past.headers['cache-control']).toBe('no-cache');
    // Pages already made cost nothing, and other clients keep their own budget.
    expect(rendered((await from('?price_min=1', '198.51.100.7')).body)).toBe(true);
    expect(rendered((await from(`?price_min=${budget + 1}`, '203.0.113.9')).body)).toBe(true);
  });

  it('keeps the widget headers: framable anywhere, no inline script allowed, no sniffing, no cookies', async () => {
    await arrange();
    const res = await page();
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(WIDGET_CSP);
    expect(WIDGET_CSP).toContain("script-src 'self';");
    expect(WIDGET_CSP).toContain('frame-ancestors *');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it("answers 404 with a small page in the widget's design for an unknown or invalid project, without script", async () => {
    // Other spellings of the project's own id name nothing either (ADR 021).
    for (const id of [
      project + 1000,
      0,
      'abc',
      '99999999999',
      `0${project}`,
      `${project}e0`,
      `+${project}`,
    ]) {
      const res = await page('', {}, id);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-security-policy']).toBe(WIDGET_CSP);
      expect(res.headers['cache-control']).toBe('no-cache');
      const doc = browserDocument(res.body);
      expect(doc.documentElement.lang).toBe('sv');
      expect(doc.title).toBe('Projektet hittades inte.');
      expect(doc.querySelector('main.pv-root h1.pv-title')?.textContent).toBe('Projektet hittades inte.');
      expect(doc.querySelector('.pv-msg')?.textContent).toMatch(/^Länken kan vara fel/);
      expect(doc.querySelectorAll('script')).toHaveLength(0);
      expect(doc.querySelector('.pv-boot')).toBeNull();
      expect(res.body).not.toContain('pv-data');
    }
    for (const url of ['/view/1/extra', '/view', '/view/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.body).toContain('Projektet hittades inte.');
    }
  });

  it('speaks the language of ?lang=, else of Accept-Language, as the widget would', async () => {
    const title = async (query: string, headers: Record<string, string> = {}) => {
      const res = await page(query, headers, 'abc');
      expect(res.statusCode).toBe(404);
      return [browserDocument(res.body).documentElement.lang, res.headers.vary];
    };
    expect(await title('?lang=en')).toEqual(['en', undefined]);
    expect(await title('?lang=sv', { 'accept-language': 'en' })).toEqual(['sv', undefined]);
    expect(await title('', { 'accept-language': 'en-GB,en;q=0.9,sv;q=0.8' })).toEqual([
      'en',
      'Accept-Language',
    ]);
    expect(await title('', { 'accept-language': 'de, sv;q=0.5, en;q=0.7' })).toEqual([
      'en',
      'Accept-Language',
    ]);
    expect(await title('', { 'accept-language': 'en;q=0, sv-FI' })).toEqual(['sv', 'Accept-Language']);
    expect(await title('', { 'accept-language': 'fi' })).toEqual(['sv', 'Accept-Language']);
    const en = await page('?lang=en', {}, project + 1000);
    expect(browserDocument(en.body).querySelector('h1')?.textContent).toBe('The project was not found.');
  });

  it('renders a project without plans, and a plan that cannot be read, as the script would', async () => {
    await addApartment({ bostad: '1', status: 'sale' });
    const empty = await page();
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('pv-data');
    expect(parse(empty.body).svg).toBeUndefined();
  });
});

/** The page as a browser builds it: jsdom's parser (parse5) follows the HTML standard. */
const browserDocument = (html: string) => new JSDOM(html).window.document;

const SVG = 'http://www.w3.org/2000/svg';

describe('GET /view/{projectId} with a hostile start plan', () => {
  /** A view of another project, as a plan would forge it. */
  const FAKE = JSON.stringify({
    etag: '"fake"',
    view: { project: { id: 999999, name: 'Fake project' }, plans: [], apartments: [], styles: [] },
  });

  it("cannot stand in for the page's data: the widget reads the view the server inlined, whatever ids the plan holds", async () => {
    await arrange();
    const ids = ['pv-data', 'pv-page-css', 'pv-plan-end', 'pv-list-title', 'pv-sort', 'root'];
    await upload(
      'evil.svg',
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">' +
        `<desc id="pv-data">${FAKE.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</desc>` +
        `<text id="pv-data">${FAKE.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</text>` +
        ids.map((id) => `<rect id="${id}" width="1" height="1"/>`).join('') +
        '</svg>',
    );
    const doc = browserDocument((await page('?plan=evil.svg')).body);
    const svg = doc.querySelector('.pv-canvas > svg')!;
    expect(svg.getAttribute('class')).toBe('pv-plan-svg pv-p2');
    const data = readPageData(doc);
    expect(data?.view.project).toMatchObject({ id: project, name: `Sjöutsikten ${NASTY}` });
    // No element of the plan takes an id the page uses: each still names the page's own element.
    for (const id of ids) {
      const el = doc.getElementById(id);
      if (el) expect(svg.contains(el), id).toBe(false);
    }
    expect(doc.getElementById('pv-data')?.localName).toBe('script');
    // Every id in the plan is in the plan's own namespace, so none can ever meet a page's id.
    const planIds = Array.from(svg.querySelectorAll('[id]'), (e) => e.id);
    expect(planIds.length).toBeGreaterThan(0);
    expect(planIds.every((id) => id.startsWith('pv-p2-'))).toBe(true);
  });

  it('parses, in the HTML parser, into the tree the server wrote: desc and title hold text, nothing of the plan reaches the page', async () => {
    await arrange();
    await upload(
      'breakout.svg',
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">' +
        '<desc><style>div,ul,table{display:none}</style>Sea view</desc>' +
        '<title><g/>Plan</title><desc><a/></desc><rect width="1" height="1"/>' +
        '<style>rect,div{display:none}</style></svg>',
    );
    await upload(
      'calm.svg',
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><desc>Sea view</desc><rect width="1" height="1"/></svg>',
    );
    const harmless = browserDocument((await page('?plan=calm.svg')).body);
    const doc = browserDocument((await page('?plan=breakout.svg')).body);
    const svg = doc.querySelector('.pv-canvas > svg')!;
    // Everything inside the plan is SVG; the HTML parser made no element of its own in it.
    expect(Array.from(svg.querySelectorAll('*'), (e) => e.namespaceURI).every((ns) => ns === SVG)).toBe(true);
    expect(
      Array.from(svg.querySelectorAll('desc, title'), (e) => [
        e.localName,
        e.childElementCount,
        e.textContent,
      ]),
    ).toEqual([
      ['desc', 0, 'div,ul,table{display:none}Sea view'],
      ['title', 0, 'Plan'],
      ['desc', 0, ''],
    ]);
    // The page around the plan is the page a harmless plan gets: same elements, same style sheets.
    const outside = (d: Document) =>
      Array.from(d.querySelectorAll('*'))
        .filter((e) => !e.closest('.pv-canvas > svg'))
        .map(
          (e) =>
            `${e.parentElement?.localName ?? ''}>${e.localName}.${e.getAttribute('class') ?? ''}#${e.id}`,
        );
    expect(outside(doc)).toEqual(outside(harmless));
    expect(
      Array.from(doc.querySelectorAll('style'), (s) => s.namespaceURI === SVG || s.closest('head') !== null),
    ).toEqual(Array.from(doc.querySelectorAll('style'), () => true));
    const block = doc.querySelector('script[type="application/json"]')!;
    expect(block.parentElement).toBe(doc.body);
    expect(readPageData(doc)?.view.project.id).toBe(project);
  });
});
