// Node-type facts the canvas draws with, from the node-types store. Reading the store's
// descriptions inside the lookup lets the canvas's reactions redraw when types arrive. Types
// whose endpoints depend on parameters (Switch, Webhook with several methods, Merge v3) answer
// `dynamicPorts` and are asked again with each node's parameters (src/model/nodePorts.ts).
// An unknown type answers undefined: the canvas then takes its ports from its connections.
import type { NodeTypeInfo, NodeTypeLookup } from '../../../canvas/types.ts';
import { hasDynamicPorts } from '../../../model/nodePorts.ts';
import { drawnTypeInfo } from '../../../model/drawnTypeInfo.ts';
import type { NodeTypesStore } from '../../stores/NodeTypesStore.ts';

export function nodeTypeLookup(store: NodeTypesStore): NodeTypeLookup {
  let cacheFor: unknown = undefined;
  const cache = new Map<string, NodeTypeInfo | undefined>();
  return (type, typeVersion, parameters) => {
    if (cacheFor !== store.descriptions) {
      cache.clear();
      cacheFor = store.descriptions;
    }
    const dynamic = hasDynamicPorts(type, typeVersion);
    const key = `${type}@${typeVersion}`;
    if (!(dynamic && parameters) && cache.has(key)) return cache.get(key);
    const d = store.get(type, typeVersion);
    if (!d) {
      cache.set(key, undefined);
      return undefined;
    }
    const info: NodeTypeInfo = drawnTypeInfo(d, type, typeVersion, parameters as Record<string, unknown> | undefined);
    // Per-parameters answers are cached by the canvas (per parameters object), not here.
    if (!(dynamic && parameters)) cache.set(key, info);
    return info;
  };
}
