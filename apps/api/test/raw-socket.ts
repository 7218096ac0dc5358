import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Real sockets for what app.inject() cannot show: half-sent requests, resets, timeouts and
 * answers that come while the body is still being sent.
 */
export async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as net.AddressInfo).port;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RawSocket {
  socket: net.Socket;
  /** Resolves with the first response on this socket, or with undefined when it closes without one. */
  response: Promise<RawResponse | undefined>;
  /** Resolves once the server (or the network) closed the socket. */
  closed: Promise<void>;
}

/** Connects, optionally from another loopback address (127.0.0.2 …) to act as another client. */
export async function connect(port: number, localAddress?: string): Promise<RawSocket> {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  socket.on('error', () => undefined);
  let text = '';
  let answered!: (r: RawResponse | undefined) => void;
  const response = new Promise<RawResponse | undefined>((r) => (answered = r));
  const closed = new Promise<void>((r) => socket.once('close', () => r()));
  const parse = (): RawResponse | undefined => {
    const end = text.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const [statusLine = '', ...headerLines] = text.slice(0, end).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of headerLines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? NaN);
    const body = text.slice(end + 4);
    if (Number.isNaN(length) || Buffer.byteLength(body) < length) return undefined;
    return { status: Number(statusLine.split(' ')[1]), headers, body: body.slice(0, length) };
  };
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
    const r = parse();
    if (r) answered(r);
  });
  socket.once('close', () => answered(parse()));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('close', () => reject(new Error('connection refused')));
  });
  return { socket, response, closed };
}

/** The request line and headers of a request whose body follows (or never does). */
export function requestHead(
  method: string,
  path: string,
  headers: Record<string, string | number> = {},
): string {
  const lines = Object.entries({ host: 'planvy.test', ...headers }).map(([k, v]) => `${k}: ${v}`);
  return `${method} ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}
