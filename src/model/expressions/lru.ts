// A small LRU map: compiled templates are cached by their text, bounded by entry count and
// by the total length of the cached keys so a flood of distinct huge templates can't grow it.
export class LruCache<V> {
  private readonly map = new Map<string, V>();
  private chars = 0;
  private readonly maxEntries: number;
  private readonly maxChars: number;

  constructor(maxEntries: number, maxChars: number) {
    this.maxEntries = maxEntries;
    this.maxChars = maxChars;
  }

  get size(): number {
    return this.map.size;
  }

  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  set(key: string, value: V): void {
    if (key.length > this.maxChars) return;
    if (this.map.has(key)) {
      this.map.delete(key);
      this.chars -= key.length;
    }
    this.map.set(key, value);
    this.chars += key.length;
    while (this.map.size > this.maxEntries || this.chars > this.maxChars) {
      const oldest = this.map.keys().next().value as string;
      this.map.delete(oldest);
      this.chars -= oldest.length;
    }
  }

  clear(): void {
    this.map.clear();
    this.chars = 0;
  }
}
