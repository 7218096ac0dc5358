import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

describe('HSTS', () => {
  let https: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    https = await createTestApp({ publicUrl: 'https://plans.example.com' });
    proxied = await createTestApp({ trustProxy: 1 });
  });
  afterAll(async () => {
    await https?.close();
    await proxied?.close();
  });

  it('is sent on every answer when PUBLIC_URL is https', async () => {
    for (const url of ['/api/health', '/api/v1/public/view/1', '/api/v1/no-such-route']) {
      const res = await https.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
    }
  });

  it('follows a trusted proxy that terminated HTTPS, and is not sent over plain HTTP', async () => {
    const viaTls = await proxied.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaTls.headers['strict-transport-security']).toBe('max-age=31536000');
    const plain = await proxied.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});
