/**
 * A map bounded by the total size of what it holds (and, if asked, by how many entries),
 * least recently used out first. A value larger than the whole bound is not kept.
 */
export class SizedLru<V> {
  private readonly entries = new Map<string, { value: V; size: number }>();
  private total = 0;

  constructor(private readonly limits: { maxSize: number; maxEntries?: number }) {}

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The value, now the most recently used. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, size: number): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.total -= old.size;
    }
    if (size > this.limits.maxSize) return;
    this.entries.set(key, { value, size });
    this.total += size;
    const maxEntries = this.limits.maxEntries ?? Infinity;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.limits.maxSize && this.entries.size <= maxEntries) break;
      this.entries.delete(oldest);
      this.total -= entry.size;
    }
  }

  /** How many entries, and their total size. */
  get size(): { entries: number; total: number } {
    return { entries: this.entries.size, total: this.total };
  }
}
