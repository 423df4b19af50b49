// Node-type facts the canvas draws with, from the node-types store. Reading the store's
// descriptions inside the lookup lets the canvas's reactions redraw when types arrive. Types
// whose endpoints depend on parameters (Switch, Webhook with several methods, Merge v3) answer
// `dynamicPorts` and are asked again with each node's parameters (src/model/nodePorts.ts).
// An unknown type answers undefined: the canvas then takes its ports from its connections.
import type { NodeTypeInfo, NodeTypeLookup } from '../../../canvas/types.ts';
import { isTriggerType } from '../../../model/nodeTypes.ts';
import { hasDynamicPorts, nodePorts } from '../../../model/nodePorts.ts';
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
    const ports = nodePorts(d, type, typeVersion, parameters as Record<string, unknown> | undefined);
    // Ports of other connection types than main (n8n's AI sub-node ports) are drawn on the
    // bottom and top edges, not counted with the main ones.
    const nonMainInputs = d.inputs.filter((t) => t !== 'main');
    const nonMainOutputs = d.outputs.filter((t) => t !== 'main');
    const info: NodeTypeInfo = {
      displayName: d.displayName,
      icon: d.icon,
      iconColor: d.iconColor,
      iconUrl: d.iconUrl,
      inputs: ports.inputs === d.inputs.length ? ports.inputs - nonMainInputs.length : ports.inputs,
      outputs: ports.outputs === d.outputs.length ? ports.outputs - nonMainOutputs.length : ports.outputs,
      nonMainInputs: nonMainInputs.length ? nonMainInputs : undefined,
      nonMainOutputs: nonMainOutputs.length ? nonMainOutputs : undefined,
      inputNames: ports.inputNames,
      outputNames: ports.outputNames,
      isTrigger: isTriggerType(d),
      defaultsColor: d.defaults.color,
      dynamicPorts: dynamic || undefined,
    };
    // Per-parameters answers are cached by the canvas (per parameters object), not here.
    if (!(dynamic && parameters)) cache.set(key, info);
    return info;
  };
}
