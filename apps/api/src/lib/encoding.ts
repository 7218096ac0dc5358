import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Response bodies compressed once and reused. The widget's page and view are built once per
 * version and then sent to every buyer: they are compressed the first time an encoding is
 * asked for and kept beside the body for as long as the body is kept (a WeakMap on the very
 * Buffer the cache holds), never compressed per request. A 1,000-apartment page is 457 KB as
 * HTML and about 30 KB as brotli.
 */
export type ContentEncoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Smaller bodies gain less than the header costs. */
export const MIN_COMPRESSED_BYTES = 1024;

/** The encoding to answer in, from Accept-Encoding (brotli first; q=0 refuses). */
export function pickEncoding(accept: string | undefined): ContentEncoding {
  const offered = new Set(
    (accept ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]!.trim()),
  );
  if (offered.has('br')) return 'br';
  if (offered.has('gzip')) return 'gzip';
  return 'identity';
}

export function compress(bytes: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  // Both run on libuv's thread pool, off the event loop. Brotli 5 compresses a 10 MB plan in
  // tens of milliseconds, about as fast as gzip 6 and several times smaller.
  if (encoding === 'br')
    return brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
  if (encoding === 'gzip') return gzip(bytes);
  return Promise.resolve(bytes);
}

const encodedBodies = new WeakMap<Buffer, Map<ContentEncoding, Promise<Buffer>>>();

/** `body` in `encoding`, compressed on the first call for that Buffer and encoding only. */
export function encodedOnce(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  if (encoding === 'identity') return Promise.resolve(body);
  let byEncoding = encodedBodies.get(body);
  if (!byEncoding) {
    byEncoding = new Map<ContentEncoding, Promise<Buffer>>();
    encodedBodies.set(body, byEncoding);
  }
  let encoded = byEncoding.get(encoding);
  if (!encoded) {
    encoded = compress(body, encoding);
    byEncoding.set(encoding, encoded);
    // A failure is not kept: the next request tries again.
    const kept = byEncoding;
    encoded.catch(() => kept.delete(encoding));
  }
  return encoded;
}

/** The encoding to send `body` in: as it is under MIN_COMPRESSED_BYTES, else the client's best. */
export function encodingFor(request: FastifyRequest, body: Buffer): ContentEncoding {
  return body.length < MIN_COMPRESSED_BYTES ? 'identity' : pickEncoding(request.headers['accept-encoding']);
}

/** Adds Accept-Encoding to the answer's Vary, once. */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const names = (Array.isArray(vary) ? vary.join(',') : String(vary ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.some((name) => name === '*' || name.toLowerCase() === 'accept-encoding')) return;
  reply.header('vary', [...names, 'accept-encoding'].join(', '));
}

/**
 * Sends a cached body in the best encoding the client accepts. The ETag (set by the caller)
 * stays the same in every encoding: it names the content, which the widget compares with the
 * live stream's; `Vary: Accept-Encoding` keeps shared caches from mixing the encodings.
 */
export async function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: Buffer) {
  varyOnEncoding(reply);
  const encoding = encodingFor(request, body);
  if (encoding === 'identity') return reply.send(body);
  const encoded = await encodedOnce(body, encoding);
  return reply.header('content-encoding', encoding).send(encoded);
}
