/**
 * Values built from database rows, kept with the version of the rows they were built from
 * (docs/performance.md): a reader that finds the rows' current version equal to the kept one
 * uses the kept value instead of reading and building it again. One entry per key: a newer
 * version replaces the older. Beyond `max` keys the first kept goes first.
 */
export class VersionedCache<V> {
  private readonly entries = new Map<string, { version: string; value: V }>();

  constructor(readonly max: number) {}

  /** The value kept for `key` at exactly `version`, if any. */
  get(key: string, version: string): V | undefined {
    const entry = this.entries.get(key);
    return entry !== undefined && entry.version === version ? entry.value : undefined;
  }

  set(key: string, version: string, value: V): void {
    if (this.max <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { version, value });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }
}
