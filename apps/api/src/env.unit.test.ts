import { describe, expect, it } from 'vitest';
import { loadConfig } from './env';

const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });

describe('TRUST_PROXY', () => {
  it('is off by default and for false/0', () => {
    expect(load({}).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('takes a hop count; "true" means one proxy, never "believe the first X-Forwarded-For entry"', () => {
    expect(load({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(load({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
  });

  it('takes a list of proxy addresses and CIDR ranges', () => {
    expect(load({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1, fd00::/8 , loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['10.0.0.300', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1,,x', ' , '])(
    'refuses %j with a message that says what it takes',
    (value) => {
      expect(() => load({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY must be false, a number of proxy hops/);
    },
  );
});

describe('ADMIN_PASSWORD', () => {
  it.each(['password', '123456', 'qwerty123', 'abc'])('refuses %j at start-up with a clear message', (pw) => {
    expect(() => load({ ADMIN_PASSWORD: pw })).toThrow(/ADMIN_PASSWORD is refused/);
  });

  it('refuses one longer than the sign-in form accepts', () => {
    expect(() => load({ ADMIN_PASSWORD: 'x7!Lq'.repeat(7) })).toThrow(/at most 30/);
  });

  it('accepts a good one', () => {
    expect(load({ ADMIN_PASSWORD: 'admin-secret-1' }).adminPassword).toBe('admin-secret-1');
  });
});
