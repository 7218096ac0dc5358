import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import rangeParser from 'range-parser';
import type { ByteRange } from './file-store';

/** A file to answer with: what the headers need, and its bytes opened only when they are sent. */
export interface SendableFile {
  etag: string;
  lastModified: Date;
  size: number;
  contentType: string;
  /** The bytes, or one range of them, as a stream from the file store or a buffer. */
  open(range?: ByteRange): Promise<Readable | Buffer>;
}

/** If-None-Match names `etag` (a list, weak or strong, or *). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const strip = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => strip(t) === strip(etag));
}

/** HTTP dates have whole seconds. */
const seconds = (ms: number) => Math.floor(ms / 1000);

function notModified(request: FastifyRequest, file: SendableFile): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch) return etagMatches(ifNoneMatch, file.etag);
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && seconds(file.lastModified.getTime()) <= seconds(since);
}

/**
 * Answers with a stored file: ETag and Last-Modified with 304 on a match, one byte range
 * (206, or 416 outside the file; If-Range honoured) so players can seek, the length up front,
 * and the bytes streamed, never read whole into memory. HEAD gets the headers only.
 */
export async function sendFile(request: FastifyRequest, reply: FastifyReply, file: SendableFile) {
  const lastModified = file.lastModified.toUTCString();
  reply
    .header('etag', file.etag)
    .header('last-modified', lastModified)
    .header('accept-ranges', 'bytes')
    .type(file.contentType);
  if (notModified(request, file)) return reply.status(304).send();

  let range: ByteRange | undefined;
  const ifRange = request.headers['if-range'];
  if (request.headers.range && (!ifRange || ifRange === file.etag || ifRange === lastModified)) {
    const ranges = rangeParser(file.size, request.headers.range, { combine: true });
    if (ranges === -1) return reply.status(416).header('content-range', `bytes */${file.size}`).send();
    // Several ranges would need a multipart answer; the whole file is a valid answer too.
    if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1) range = ranges[0];
  }
  if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
  reply.header('content-length', range ? range.end - range.start + 1 : file.size);
  // Fastify's HEAD route keeps the length only for a stream, which it then drains: an empty one.
  if (request.method === 'HEAD') return reply.send(Readable.from([]));
  return reply.send(await file.open(range));
}
