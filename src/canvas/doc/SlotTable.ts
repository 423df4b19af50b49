// Stable small integers for string ids, reused after removal, so geometry lives in flat typed
// arrays and the worker speaks in numbers.
export class SlotTable {
  private readonly byId = new Map<string, number>();
  private readonly ids: (string | undefined)[] = [];
  private readonly free: number[] = [];

  get size(): number {
    return this.byId.size;
  }

  slotOf(id: string): number | undefined {
    return this.byId.get(id);
  }

  idOf(slot: number): string | undefined {
    return this.ids[slot];
  }

  /** The id's slot, allocating one (lowest freed first) when it has none. */
  acquire(id: string): number {
    const existing = this.byId.get(id);
    if (existing !== undefined) return existing;
    const slot = this.free.length ? this.free.pop()! : this.ids.length;
    this.byId.set(id, slot);
    this.ids[slot] = id;
    return slot;
  }

  release(id: string): number | undefined {
    const slot = this.byId.get(id);
    if (slot === undefined) return undefined;
    this.byId.delete(id);
    this.ids[slot] = undefined;
    this.free.push(slot);
    return slot;
  }

  clear(): void {
    this.byId.clear();
    this.ids.length = 0;
    this.free.length = 0;
  }
}
