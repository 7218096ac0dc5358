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

describe('the file store (S3_*)', () => {
  it('keeps files on disk under DATA_DIR/files unless S3_BUCKET is set', () => {
    expect(load({ DATA_DIR: '/srv/planvy' }).fileStore).toEqual({ kind: 'disk', dir: '/srv/planvy/files' });
  });

  it('uses an S3-compatible bucket from S3_* variables', () => {
    expect(
      load({
        S3_BUCKET: 'plans',
        S3_ENDPOINT: 'http://minio:9000',
        S3_REGION: 'auto',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PREFIX: '/planvy/prod/',
      }).fileStore,
    ).toEqual({
      kind: 's3',
      bucket: 'plans',
      endpoint: 'http://minio:9000',
      region: 'auto',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
      prefix: 'planvy/prod/',
    });
    // AWS itself: the SDK's credential chain, virtual-host addressing, no prefix.
    expect(load({ S3_BUCKET: 'plans' }).fileStore).toEqual({
      kind: 's3',
      bucket: 'plans',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
      prefix: '',
    });
  });

  it.each([
    [{ S3_ENDPOINT: 'http://minio:9000' }, /S3_BUCKET: is needed with S3_ENDPOINT/],
    [{ S3_BUCKET: 'plans', S3_ACCESS_KEY_ID: 'id' }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/],
    [{ S3_BUCKET: 'plans', S3_FORCE_PATH_STYLE: 'maybe' }, /S3_FORCE_PATH_STYLE: must be true or false/],
    [{ S3_BUCKET: 'plans', S3_ENDPOINT: 'minio 9000' }, /S3_ENDPOINT/],
  ])('refuses %j at start-up, saying why', (env, message) => {
    expect(() => load(env)).toThrow(message);
  });
});

describe('time limits and connections per address', () => {
  it('has defaults that bound every request', () => {
    expect(load({}).connections).toEqual({
      headersTimeoutMs: 15_000,
      requestTimeoutMs: 120_000,
      keepAliveTimeoutMs: 72_000,
      connectionsPerIp: 256,
      checkIntervalMs: 250,
    });
  });

  it('takes seconds, and 0 connections per address for no cap', () => {
    const c = load({
      HEADERS_TIMEOUT_SECONDS: '5',
      REQUEST_TIMEOUT_SECONDS: '600',
      KEEP_ALIVE_TIMEOUT_SECONDS: '2.5',
      CONNECTIONS_PER_IP: '0',
    }).connections;
    expect(c).toMatchObject({
      headersTimeoutMs: 5000,
      requestTimeoutMs: 600_000,
      keepAliveTimeoutMs: 2500,
      connectionsPerIp: 0,
    });
  });

  it.each([
    [{ REQUEST_TIMEOUT_SECONDS: '0' }, /REQUEST_TIMEOUT_SECONDS/],
    [{ HEADERS_TIMEOUT_SECONDS: '-1' }, /HEADERS_TIMEOUT_SECONDS/],
    [
      { HEADERS_TIMEOUT_SECONDS: '60', REQUEST_TIMEOUT_SECONDS: '30' },
      /may not exceed REQUEST_TIMEOUT_SECONDS/,
    ],
    [{ CONNECTIONS_PER_IP: 'many' }, /CONNECTIONS_PER_IP/],
  ])('refuses %j: no setting turns the limits off by accident', (env, message) => {
    expect(() => load(env)).toThrow(message);
  });
});
