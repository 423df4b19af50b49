// Node-type descriptions from GET /rest/node-types: lookup by type + version, and the
// node creator's items.
import { action, computed, makeObservable, observableRef } from 'mobx';
import { isTriggerType, latestVersion, versionsOf, type INodeTypeDescription } from '../../model/nodeTypes.ts';
import { STARTING_NODE_TYPES, STICKY_NODE_TYPE } from '../../model/constants.ts';
import { nodePorts, type NodePorts } from '../../model/nodePorts.ts';
import type { NodeParameters } from '../../model/workflow.ts';
import { getNodeTypes } from '../api/nodeTypes.ts';

export class NodeTypesStore {
  descriptions: INodeTypeDescription[] = [];
  loaded = false;

  constructor() {
    makeObservable(this, {
      descriptions: observableRef,
      loaded: observableRef,
      set: action,
      byName: computed,
      creatorTypes: computed,
      byCredentialType: computed,
    });
  }

  set(descriptions: INodeTypeDescription[]): void {
    this.descriptions = descriptions;
    this.loaded = true;
  }

  async load(): Promise<void> {
    this.set(await getNodeTypes());
  }

  /** name → descriptions (one per version range). */
  get byName(): Map<string, INodeTypeDescription[]> {
    const map = new Map<string, INodeTypeDescription[]>();
    for (const d of this.descriptions) {
      const list = map.get(d.name);
      if (list) list.push(d);
      else map.set(d.name, [d]);
    }
    return map;
  }

  /**
   * credential type → the first node type that uses it: a credential type without an icon of
   * its own shows that node's (as n8n's CredentialIcon does with the nodes that have access).
   */
  get byCredentialType(): Map<string, INodeTypeDescription> {
    const map = new Map<string, INodeTypeDescription>();
    for (const d of this.descriptions) for (const c of d.credentials ?? []) if (!map.has(c.name)) map.set(c.name, d);
    return map;
  }

  /** The description covering `version`, or undefined when the type or version is unknown. */
  get(type: string, version?: number): INodeTypeDescription | undefined {
    const list = this.byName.get(type);
    if (!list) return undefined;
    if (version === undefined) return this.latest(type);
    return list.find((d) => versionsOf(d).includes(version));
  }

  /** The description of the newest version of a type. */
  latest(type: string): INodeTypeDescription | undefined {
    const list = this.byName.get(type);
    if (!list?.length) return undefined;
    return list.reduce((best, d) => (latestVersion(d) > latestVersion(best) ? d : best));
  }

  isTrigger(type: string, version: number): boolean {
    return isTriggerType(this.get(type, version));
  }

  /** A trigger, or a type a run starts from (Manual Trigger, Start …): what a workflow needs to run. */
  isStartTrigger(type: string, version: number): boolean {
    return STARTING_NODE_TYPES.includes(type) || this.isTrigger(type, version);
  }

  /** Main inputs/outputs of a node with these parameters; undefined for unknown types. */
  portsOf(type: string, version: number, parameters?: NodeParameters): NodePorts | undefined {
    const d = this.get(type, version);
    return d ? nodePorts(d, type, version, parameters) : undefined;
  }

  /** One description per type (the newest), for the node creator; hidden types and stickies excluded. */
  get creatorTypes(): INodeTypeDescription[] {
    const result: INodeTypeDescription[] = [];
    for (const name of this.byName.keys()) {
      const d = this.latest(name);
      if (d && !d.hidden && d.name !== STICKY_NODE_TYPE) result.push(d);
    }
    return result.sort((a, b) => a.displayName.localeCompare(b.displayName));
  }
}
