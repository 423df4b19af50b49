// Node types: the built-in ones plus those of installed community packages, which come and go
// while the server runs. `generation` changes with every change, for the caches that depend on
// the set (GET /node-types, the node-issue check).
import type { INodeTypeDescription } from '../../model/nodeTypes.ts';
import { versionsOf } from '../../model/nodeTypes.ts';
import type { NodeType, NodeTypeRegistry } from '../../nodes/types.ts';

export class LayeredNodeTypes implements NodeTypeRegistry {
  readonly #builtin: NodeTypeRegistry;
  /** Package name → its node types (several per type name: one per group of versions). */
  readonly #packages = new Map<string, NodeType[]>();
  #byName = new Map<string, NodeType[]>();
  generation = 0;

  constructor(builtin: NodeTypeRegistry) {
    this.#builtin = builtin;
  }

  get(type: string, typeVersion?: number): NodeType | undefined {
    const list = this.#byName.get(type);
    if (!list) return this.#builtin.get(type, typeVersion);
    if (typeVersion === undefined) return list.reduce((a, b) => (Math.max(...versionsOf(a.description)) >= Math.max(...versionsOf(b.description)) ? a : b));
    return list.find((t) => versionsOf(t.description).includes(typeVersion));
  }

  descriptions(): INodeTypeDescription[] {
    return [...this.#builtin.descriptions(), ...[...this.#packages.values()].flat().map((t) => t.description)];
  }

  /** Replaces a package's node types (install, update, load at start). */
  setPackage(packageName: string, types: NodeType[]): void {
    this.#packages.set(packageName, types);
    this.#reindex();
  }

  removePackage(packageName: string): void {
    if (this.#packages.delete(packageName)) this.#reindex();
  }

  #reindex(): void {
    const byName = new Map<string, NodeType[]>();
    for (const t of [...this.#packages.values()].flat()) byName.set(t.description.name, [...(byName.get(t.description.name) ?? []), t]);
    this.#byName = byName;
    this.generation++;
  }
}
