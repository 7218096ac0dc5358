import { describe, expect, it } from 'vitest';
import { baseURL } from './support/browser';

/**
 * Which page, with which policy, each kind of URL gets from the production server. The
 * widget may be framed by any site; the admin app never, whatever URL reaches it.
 */
const widgetScript = /src="\/widget\/assets\//;
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
  ])('%s is the widget with its own headers, never the admin app', async (url) => {
    const res = await fetch(`${baseURL()}${url}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('frame-ancestors *');
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(res.headers.get('x-frame-options')).toBeNull();
    const html = await res.text();
    expect(html).toMatch(widgetScript);
    expect(html).not.toMatch(adminScript);
  });

  it('an unknown numeric id gets the widget page too (its script says "not found")', async () => {
    const res = await fetch(`${baseURL()}/view/999999`);
    expect(res.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(await res.text()).toMatch(widgetScript);
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
