// Node-type facts the canvas draws with, from the node-types store. Reading the store's
// descriptions inside the lookup lets the canvas's reactions redraw when types arrive.
import type { NodeTypeInfo, NodeTypeLookup } from '../../../canvas/types.ts';
import { isTriggerType } from '../../../model/nodeTypes.ts';
import type { NodeTypesStore } from '../../stores/NodeTypesStore.ts';

export function nodeTypeLookup(store: NodeTypesStore): NodeTypeLookup {
  let cacheFor: unknown = undefined;
  const cache = new Map<string, NodeTypeInfo | undefined>();
  return (type, typeVersion) => {
    if (cacheFor !== store.descriptions) {
      cache.clear();
      cacheFor = store.descriptions;
    }
    const key = `${type}@${typeVersion}`;
    if (cache.has(key)) return cache.get(key);
    const d = store.get(type, typeVersion);
    const info: NodeTypeInfo | undefined = d && {
      displayName: d.displayName,
      icon: d.icon,
      iconColor: d.iconColor,
      inputs: d.inputs.length,
      outputs: d.outputs.length,
      outputNames: d.outputNames,
      isTrigger: isTriggerType(d),
      defaultsColor: d.defaults.color,
    };
    cache.set(key, info);
    return info;
  };
}
