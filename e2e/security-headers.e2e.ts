import { describe, expect, it } from 'vitest';
import { baseURL } from './support/browser';

/**
 * Which page, with which policy, each kind of URL gets from the production server. The
 * widget may be framed by any site; the admin app never, whatever URL reaches it.
 */
const widgetScript = /src="\/widget\/assets\//;
const widgetStyles = /href="\/widget\/assets\/[\w-]+\.css"/;
const adminScript = /src="\/assets\//;

describe('the widget page for a project that does not exist', () => {
  it.each([
    '/view/abc',
    '/view/12abc',
    '/view/0',
    '/view/99999999999',
    '/view/2147483648',
    '/view/%00',
    '/view/1/extra',
    '/view/abc/def.html',
    '/view/',
    '/view',
  ])("%s is the widget's not-found page with its own headers, never the admin app", async (url) => {
    const res = await fetch(`${baseURL()}${url}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('frame-ancestors *');
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(res.headers.get('x-frame-options')).toBeNull();
    const html = await res.text();
    expect(html).toMatch(widgetStyles);
    expect(html).toContain('Projektet hittades inte.');
    // Complete without script (issue 20).
    expect(html).not.toMatch(widgetScript);
    expect(html).not.toMatch(adminScript);
  });

  it('an unknown numeric id gets the same page', async () => {
    const res = await fetch(`${baseURL()}/view/999999?lang=en`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(await res.text()).toContain('The project was not found.');
  });
});

describe('the admin app is never frameable', () => {
  it.each([
    '/',
    '/index.html',
    '/login',
    '/projects',
    '/projects/1',
    '/users/2/edit',
    '/no/such/route',
    '/View/abc',
  ])('%s', async (url) => {
    const res = await fetch(`${baseURL()}${url}`);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(await res.text()).toMatch(adminScript);
  });

  it('sends no HSTS over plain HTTP without an https PUBLIC_URL', async () => {
    const res = await fetch(`${baseURL()}/`);
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('the favicon', () => {
  it.each(['/', '/view/abc'])('%s names a small SVG icon, cached for a year', async (url) => {
    const html = await (await fetch(`${baseURL()}${url}`)).text();
    const href = /<link rel="icon" type="image\/svg\+xml" href="([^"]+)"/.exec(html)?.[1];
    expect(href).toMatch(/^\/(widget\/)?assets\/favicon-[\w-]+\.svg$/);
    const res = await fetch(`${baseURL()}${href}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await res.text()).length).toBeLessThan(1024);
  });
});
