import { once } from 'node:events';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { openEventStream } from '../../test/event-stream';
import { captureLog } from '../../test/log-capture';
import { connect, listen, requestHead } from '../../test/raw-socket';

/**
 * Slow and greedy clients over real sockets (ADR 021): time limits for receiving a request,
 * answered 408 in the envelope and logged once per address and minute; a cap on the
 * connections one address holds open, which a trusted proxy is not subject to; and
 * long-lived answers (the live stream) that the limits on receiving never cut.
 * Every client is its own loopback address (127.0.0.x), so the tests do not share a count.
 */

const PROXY = '127.0.0.9';
const CAP = 4;
const log = captureLog();
let t: TestApp;
let port: number;
let admin: { token: string };
let projectId: number;
/** The server's side of every accepted connection, to await its close. */
const serverSockets: net.Socket[] = [];

beforeAll(async () => {
  t = await createTestApp(
    {
      trustProxy: [PROXY],
      connections: {
        headersTimeoutMs: 300,
        requestTimeoutMs: 600,
        keepAliveTimeoutMs: 300,
        checkIntervalMs: 50,
        connectionsPerIp: CAP,
      },
    },
    { logger: { level: 'info', stream: log.stream } },
  );
  port = await listen(t.app);
  t.app.server.on('connection', (s: net.Socket) => serverSockets.push(s));
  admin = await t.createUser('admin');
  const client = await t.createUser('client');
  projectId = (
    await t.as(admin.token, {
      method: 'POST',
      url: `/api/v1/admin/project/${client.id}`,
      payload: { name: 'Slow clients', type: 'sale' },
    })
  ).json<{ project: { id: number } }>().project.id;
});
afterAll(async () => {
  // fetch() may leave a fresh connection behind, which server.close() would wait for.
  for (const s of serverSockets) s.destroy();
  await t.close();
});

const envelope = (status: number) => ({
  message: expect.any(String) as string,
  errors: {},
  status_code: status,
});

/** A request whose head is sent and whose body never finishes. */
async function halfSentBody(from: string) {
  const c = await connect(port, from);
  c.socket.write(
    requestHead('POST', '/api/v1/login', { 'content-type': 'application/json', 'content-length': 1000 }),
  );
  c.socket.write('{"email":"slow@example.com"');
  return c;
}

/** An event stream read over a raw socket from `from`, open once its first bytes arrived. */
async function rawStream(from: string, headers: Record<string, string> = {}) {
  const c = await connect(port, from);
  const first = once(c.socket, 'data');
  c.socket.write(
    requestHead('GET', `/api/v1/public/view/${projectId}/events`, {
      accept: 'text/event-stream',
      ...headers,
    }),
  );
  const [chunk] = (await first) as [Buffer];
  return { ...c, head: chunk.toString('utf8') };
}

/** Resolves once the server has closed its side of `client`'s connection. */
function serverClosed(client: net.Socket): Promise<unknown> {
  // By address and port, the newest: sockets from other test addresses (closed long ago) may
  // have had the same port, and would make this resolve before the connection really closed.
  const server = serverSockets.findLast(
    (s) => s.remoteAddress === client.localAddress && s.remotePort === client.localPort,
  );
  if (!server) throw new Error('the server never saw this connection');
  return server.closed ? Promise.resolve() : once(server, 'close');
}

describe('time limits on receiving a request', () => {
  it('answers a body that never finishes with 408 in the envelope and closes the connection', async () => {
    const c = await halfSentBody('127.0.0.2');
    const res = await c.response;
    expect(res?.status).toBe(408);
    expect(JSON.parse(res!.body)).toEqual(envelope(408));
    await c.closed;
  });

  it('answers headers trickled line by line with 408', async () => {
    const c = await connect(port, '127.0.0.2');
    c.socket.write('GET /api/health HTTP/1.1\r\nhost: planvy.test\r\n');
    // One short header line every 20 ms, until the server answers.
    let n = 0;
    const trickle = setInterval(() => c.socket.writable && c.socket.write(`x-slow-${n++}: a\r\n`), 20);
    const res = await c.response;
    clearInterval(trickle);
    expect(res?.status).toBe(408);
    expect(JSON.parse(res!.body)).toEqual(envelope(408));
  });

  it('lets a client that is still sending read its 408: no reset throws the answer away', async () => {
    // A client busy sending (an upload, a slow link) reads the answer only after its own writes.
    // Had the server closed at once, its next bytes would meet a reset, and the reset discards
    // the answer still unread in the client's buffer.
    const c = await connect(port, '127.0.0.5');
    c.socket.pause();
    c.socket.write('GET /api/health HTTP/1.1\r\nhost: planvy.test\r\n');
    let n = 0;
    const trickle = setInterval(() => c.socket.writable && c.socket.write(`x-slow-${n++}: a\r\n`), 5);
    await new Promise((r) => setTimeout(r, 800));
    clearInterval(trickle);
    c.socket.resume();
    const res = await c.response;
    expect(res?.status).toBe(408);
    expect(JSON.parse(res!.body)).toEqual(envelope(408));
  });

  it('logs a timed-out address once a minute, each address on its own', async () => {
    log.clear();
    const slow = await Promise.all([halfSentBody('127.0.0.3'), halfSentBody('127.0.0.3')]);
    await Promise.all(slow.map((c) => c.response));
    const other = await halfSentBody('127.0.0.4');
    await other.response;
    const line = await log.waitFor((l) => l.address === '127.0.0.4');
    expect(line).toMatchObject({ level: 40, msg: 'a client was too slow to send its request (408)' });
    expect(log.lines.filter((l) => l.address === '127.0.0.3')).toHaveLength(1);
  });

  it('never cuts a live event stream: it outlives every time limit and still delivers', async () => {
    const apartment = (
      await t.as(admin.token, {
        method: 'POST',
        url: `/api/v1/admin/apartment/${projectId}`,
        payload: { bostad: '1', status: 'sale' },
      })
    ).json<{ apartment: { id: number } }>().apartment;
    const stream = await openEventStream(`http://127.0.0.1:${port}/api/v1/public/view/${projectId}/events`);
    try {
      expect(stream.status).toBe(200);
      await stream.next();
      // A client that connects after the stream opened and is cut for slowness: by then the
      // stream has been open longer than the header, request and keep-alive limits.
      const slow = await halfSentBody('127.0.0.2');
      expect((await slow.response)?.status).toBe(408);
      await t.as(admin.token, {
        method: 'PUT',
        url: `/api/v1/admin/apartment/${apartment.id}`,
        payload: { status: 'sold' },
      });
      const e = await stream.nextOf('apartments');
      expect(e.data).toMatchObject({ apartments: [{ id: apartment.id, status: 'sold' }] });
    } finally {
      stream.close();
    }
  });
});

describe('the idle limit between two requests on a kept-alive connection', () => {
  it('closes a connection left idle past the limit, but never one whose next request is under way', async () => {
    const apartment = (
      await t.as(admin.token, {
        method: 'POST',
        url: `/api/v1/admin/apartment/${projectId}`,
        payload: { bostad: 'K-1', status: 'sale' },
      })
    ).json<{ apartment: { id: number } }>().apartment;
    // Kept alive after its first answer, then asks for the live stream: a request in flight.
    const busy = await connect(port, '127.0.0.8');
    busy.socket.write(requestHead('GET', '/api/health'));
    expect((await busy.response)?.status).toBe(200);
    let streamed = '';
    busy.socket.on('data', (chunk: Buffer) => (streamed += chunk.toString('utf8')));
    const streaming = once(busy.socket, 'data');
    busy.socket.write(
      requestHead('GET', `/api/v1/public/view/${projectId}/events`, { accept: 'text/event-stream' }),
    );
    await streaming;
    expect(streamed).toMatch(/^HTTP\/1\.1 200/);

    // Kept alive after its answer and then silent: the server closes it once the limit passes.
    const idle = await connect(port, '127.0.0.8');
    idle.socket.write(requestHead('GET', '/api/health'));
    const answer = await idle.response;
    expect(answer?.status).toBe(200);
    expect(answer?.headers.connection).toBe('keep-alive');
    await serverClosed(idle.socket);
    await idle.closed;

    // By then the busy connection has been open longer than the limit: it is still there and delivers.
    expect(busy.socket.destroyed).toBe(false);
    await t.as(admin.token, {
      method: 'PUT',
      url: `/api/v1/admin/apartment/${apartment.id}`,
      payload: { status: 'sold' },
    });
    await expect.poll(() => streamed).toMatch(/event: apartments/);
    expect(busy.socket.destroyed).toBe(false);
    busy.socket.destroy();
  });
});

describe('open connections per address', () => {
  it('refuses connections past the cap with 429 in the envelope, and serves other addresses', async () => {
    log.clear();
    const held = [];
    for (let i = 0; i < CAP; i++) held.push(await rawStream('127.0.0.5'));
    for (const s of held) expect(s.head).toMatch(/^HTTP\/1\.1 200/);

    const refused = await connect(port, '127.0.0.5');
    refused.socket.write(requestHead('GET', '/api/health'));
    const res = await refused.response;
    expect(res?.status).toBe(429);
    expect(JSON.parse(res!.body)).toEqual(envelope(429));
    expect(res?.headers['retry-after']).toBeDefined();
    await refused.closed;
    const line = await log.waitFor((l) => l.address === '127.0.0.5');
    expect(line).toMatchObject({ level: 40, msg: 'too many open connections from one address (429)' });

    const other = await connect(port, '127.0.0.6');
    other.socket.write(requestHead('GET', '/api/health'));
    expect((await other.response)?.status).toBe(200);
    other.socket.destroy();

    // A closed connection frees its place.
    const leaving = held.pop()!;
    const gone = serverClosed(leaving.socket);
    leaving.socket.destroy();
    await gone;
    const again = await connect(port, '127.0.0.5');
    again.socket.write(requestHead('GET', '/api/health'));
    expect((await again.response)?.status).toBe(200);
    again.socket.destroy();
    for (const s of held) s.socket.destroy();
  });

  it('does not cap a trusted proxy, which speaks for many clients', async () => {
    const streams = [];
    for (let i = 0; i < CAP + 2; i++) {
      streams.push(await rawStream(PROXY, { 'x-forwarded-for': `203.0.113.${i + 1}` }));
    }
    for (const s of streams) expect(s.head).toMatch(/^HTTP\/1\.1 200/);
    for (const s of streams) s.socket.destroy();
  });
});

describe('requests the server cannot read', () => {
  it.each([
    ['headers', requestHead('GET', '/api/health', { 'x-big': 'a'.repeat(20_000) })],
    ['an address', requestHead('GET', `/api/v1/admin/audit?user=${'1'.repeat(20_000)}`)],
  ])('answers %s over Node’s 16 KB with 431 in the envelope', async (_what, head) => {
    const c = await connect(port, '127.0.0.7');
    c.socket.write(head);
    const res = await c.response;
    expect(res?.status).toBe(431);
    expect(JSON.parse(res!.body)).toEqual(envelope(431));
  });
});
