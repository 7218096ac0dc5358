import fp from 'fastify-plugin';
import { compress, encodingFor, varyOnEncoding } from '../lib/encoding';

/**
 * Every JSON answer of 1 KB or more goes brotli or gzip to a client that accepts it: the
 * back-office's lists grow with a project, and JSON compresses to a small part of its size.
 * Compressed on libuv's thread pool, never on the event loop that also feeds the live streams.
 * Answers that chose their encoding themselves (the widget's page and view, compressed once per
 * version: lib/encoding.ts) are left as they are, and so are streams: the live event stream
 * writes to the socket itself and is never buffered or compressed.
 */
export const jsonCompressionPlugin = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      if (reply.hasHeader('content-encoding')) return payload;
      if (!/^application\/json\b/i.test(String(reply.getHeader('content-type') ?? ''))) return payload;
      varyOnEncoding(reply);
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      const encoding = encodingFor(request, body);
      if (encoding === 'identity') return payload;
      const encoded = await compress(body, encoding);
      reply.header('content-encoding', encoding);
      reply.header('content-length', encoded.length);
      return encoded;
    });
  },
  { name: 'json-compression' },
);
