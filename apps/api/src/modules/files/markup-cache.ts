import { compress, type ContentEncoding } from '../../lib/encoding';

/**
 * A plan's markup as sent to the editor, kept per version: the raw bytes and, once asked
 * for, their brotli or gzip form. A 10 MB plan is then read from the database and
 * compressed once per version (and per instance), not on every page load, and crosses the
 * wire at a fraction of its size (the benchmark plan: 10 MB → well under 1 MB).
 *
 * Entries are keyed by the ETag, the hash of the markup, so an entry can never be stale:
 * a write makes a new ETag and the old entry simply stops being asked for and ages out
 * (least recently used first, past `maxBytes`). Nothing needs invalidating, on any instance.
 */
export type MarkupEncoding = ContentEncoding;

interface Entry {
  raw: Buffer;
  encoded: Map<MarkupEncoding, Promise<Buffer>>;
  bytes: number;
}

export class MarkupCache {
  private readonly entries = new Map<string, Entry>();
  private total = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  /**
   * The markup with ETag `etag` in `encoding`. `load` reads it when this instance has no copy;
   * what it returns is kept under the ETag it returns (a write in between cannot mislabel it).
   */
  async get(
    etag: string,
    encoding: MarkupEncoding,
    load: () => Promise<{ svg: string; etag: string } | undefined>,
  ): Promise<{ etag: string; body: Buffer } | undefined> {
    let key = etag;
    let entry = this.entries.get(key);
    if (!entry) {
      const row = await load();
      if (!row) return undefined;
      key = row.etag;
      entry = this.entries.get(key) ?? this.add(key, Buffer.from(row.svg, 'utf8'));
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    let encoded = entry.encoded.get(encoding);
    if (!encoded) {
      encoded = compress(entry.raw, encoding);
      entry.encoded.set(encoding, encoded);
      let bytes;
      try {
        bytes = (await encoded).length;
      } catch (err) {
        // Not kept: the next request tries again.
        entry.encoded.delete(encoding);
        throw err;
      }
      entry.bytes += bytes;
      this.total += bytes;
      this.evict(key);
    }
    return { etag: key, body: await encoded };
  }

  /** Keeps markup just written (upload, save, zone edit): the next read is likely, and it then reads only the ETag. */
  put(etag: string, svg: string): void {
    if (!this.entries.has(etag)) this.add(etag, Buffer.from(svg, 'utf8'));
  }

  /** How many bytes the cache holds (tests). */
  get size(): number {
    return this.total;
  }

  private add(key: string, raw: Buffer): Entry {
    const entry: Entry = { raw, encoded: new Map([['identity', Promise.resolve(raw)]]), bytes: raw.length };
    this.entries.set(key, entry);
    this.total += entry.bytes;
    this.evict(key);
    return entry;
  }

  /** Drops the least recently used entries past the limit, never the one being served. */
  private evict(keep: string): void {
    for (const [key, entry] of this.entries) {
      if (this.total <= this.maxBytes) return;
      if (key === keep) continue;
      this.entries.delete(key);
      this.total -= entry.bytes;
    }
  }
}

/** This instance's plan markup, shared by the route that sends it and the writes that make it. */
export const planMarkup = new MarkupCache();
