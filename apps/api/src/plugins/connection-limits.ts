import { STATUS_CODES, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import type { ConnectionError, FastifyBaseLogger } from 'fastify';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { errorEnvelope } from '@planvy/shared';
import type { TrustProxy } from '../env';
import { visitorNetwork } from '../modules/public-view/click-recorder';

/**
 * What a slow or greedy client may hold (ADR 021). The time limits are on *receiving* a
 * request; once it has arrived, the answer (a live stream, a large download) takes as long
 * as it needs.
 */
export interface ConnectionLimits {
  /** From the start of a request (a new connection, or the next request's first byte on a kept-alive one) to the end of its headers. */
  headersTimeoutMs: number;
  /** From the same start to the last byte of the request's body: a trickled body is cut here. */
  requestTimeoutMs: number;
  /** How long a connection may sit idle between two requests. */
  keepAliveTimeoutMs: number;
  /** Connections one client (an IPv4 address or IPv6 /64) may hold open; 0 for no cap. Trusted proxies are not capped. */
  connectionsPerIp: number;
  /** How often Node looks for requests past their time (its default, 30 s, lets them run that much longer). */
  checkIntervalMs: number;
}

/** An answer written straight to the socket, for when no request could be read: the usual envelope. */
function rawAnswer(status: number, message: string, headers: Record<string, string> = {}): string {
  const body = JSON.stringify(errorEnvelope(status, message));
  const head = Object.entries({
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    connection: 'close',
    ...headers,
  })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`;
}

const TOO_SLOW = rawAnswer(408, 'The request took too long to arrive; the connection was closed');
const HEADERS_TOO_LARGE = rawAnswer(431, 'The request headers are too large');
const UNREADABLE = rawAnswer(400, 'The request could not be read');
const TOO_MANY = rawAnswer(
  429,
  'Too many open connections from your address; try again when some have closed',
  {
    'retry-after': '10',
  },
);

/** How long a connection answered and closed for an unreadable request still reads what the client sends. */
const LINGER_MS = 2_000;
const answered = new WeakSet<Socket>();

/**
 * Answers `socket` and closes it the way a web server should when the client may still be
 * sending (a lingering close, as nginx and Apache do): the answer, then the end of our side;
 * what the client still sends is read and dropped, no more of it parsed as HTTP; the socket is
 * destroyed when the client closes or after LINGER_MS. Destroyed at once with bytes unread, the
 * connection is reset, and a reset throws away the answer the client has not read yet.
 */
function answerAndClose(socket: Socket, answer: string | undefined): void {
  if (answered.has(socket)) return;
  answered.add(socket);
  // The HTTP server's own listener feeds its parser; another listener makes Node stop handing
  // the socket's bytes to the parser directly.
  socket.removeAllListeners('data');
  socket.on('data', () => undefined);
  socket.resume();
  if (answer === undefined) socket.end();
  else socket.end(answer);
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

/**
 * A proxy speaks for many clients, so it is not capped (it must hold its own limits, e.g.
 * nginx's limit_conn). With a hop count every peer is taken for the proxy (README).
 */
function trustedPeer(trustProxy: TrustProxy): (address: string) => boolean {
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'number') return () => true;
  const trust = proxyAddr.compile(trustProxy);
  return (address) => trust(address, 0);
}

/**
 * The time limits and the per-address connection cap, counted at the socket before the HTTP
 * parser sees it. `fastifyOptions` go into Fastify(); `attach` adds the cap to its server.
 */
export function connectionLimits(limits: ConnectionLimits, trustProxy: TrustProxy) {
  let log: FastifyBaseLogger | undefined;
  // One line per kind, client and minute: a flood of slow clients must not become a flood of lines.
  const oncePerMinute = new RateLimiterMemory({ points: 1, duration: 60 });
  const warn = (address: string, msg: string) => {
    oncePerMinute.consume(`${msg}|${address}`).then(
      () => log?.warn({ address }, msg),
      () => undefined,
    );
  };
  const trusted = trustedPeer(trustProxy);

  function clientErrorHandler(error: ConnectionError, socket: Socket) {
    // A reset: the socket is gone and there is nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    let answer = UNREADABLE;
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      answer = TOO_SLOW;
      warn(visitorNetwork(socket.remoteAddress ?? ''), 'a client was too slow to send its request (408)');
    } else if (error.code === 'HPE_HEADER_OVERFLOW') {
      answer = HEADERS_TOO_LARGE;
    } else {
      log?.debug({ code: error.code }, 'unreadable request');
    }
    // Not in the middle of an answer already under way (as Node's own handler checks).
    const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    answerAndClose(socket, socket.writable && !inFlight?.headersSent ? answer : undefined);
  }

  return {
    fastifyOptions: {
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // connectionTimeout (socket inactivity) stays off: it would also cut an answer to a
      // client that reads slowly, and the limits above already bound every request.
      http: {
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: limits.requestTimeoutMs,
        connectionsCheckingInterval: limits.checkIntervalMs,
      },
      clientErrorHandler,
    },

    attach(server: Server, logger: FastifyBaseLogger) {
      log = logger;
      if (limits.connectionsPerIp <= 0) return;
      const open = new Map<string, number>();
      // Before the HTTP server's own listener: a refused socket never reaches the parser.
      server.prependListener('connection', (socket: Socket) => {
        const address = socket.remoteAddress;
        if (!address || trusted(address)) return;
        const client = visitorNetwork(address);
        const count = open.get(client) ?? 0;
        if (count >= limits.connectionsPerIp) {
          socket.on('error', () => undefined);
          socket.end(TOO_MANY);
          socket.destroy();
          warn(client, 'too many open connections from one address (429)');
          return;
        }
        open.set(client, count + 1);
        socket.once('close', () => {
          const left = (open.get(client) ?? 1) - 1;
          if (left > 0) open.set(client, left);
          else open.delete(client);
        });
      });
    },
  };
}
