// What the canvas draws a node of a type with (icon, colour, ports …), from the type's
// description and, for types whose endpoints depend on them, the node's parameters. The editor
// asks it through the canvas's lookup; the server asks it for a wall, whose nodes come without
// parameters. Structurally the canvas's NodeTypeInfo (src/canvas/types.ts).
import { isTriggerType, versionsOf, type INodeTypeDescription } from './nodeTypes.ts';
import { hasDynamicPorts, nodePorts } from './nodePorts.ts';

export interface DrawnTypeInfo {
  displayName: string;
  icon?: string;
  iconColor?: string;
  iconUrl?: string;
  inputs: number;
  outputs: number;
  inputNames?: string[];
  outputNames?: string[];
  nonMainInputs?: string[];
  nonMainOutputs?: string[];
  isTrigger: boolean;
  defaultsColor?: string;
  dynamicPorts?: boolean;
}

export function drawnTypeInfo(d: INodeTypeDescription, type: string, typeVersion: number, parameters?: Record<string, unknown>): DrawnTypeInfo {
  const ports = nodePorts(d, type, typeVersion, parameters);
  // Ports of other connection types than main (n8n's AI sub-node ports) are drawn on the
  // bottom and top edges, not counted with the main ones.
  const nonMainInputs = d.inputs.filter((t) => t !== 'main');
  const nonMainOutputs = d.outputs.filter((t) => t !== 'main');
  const info: DrawnTypeInfo = {
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
    dynamicPorts: hasDynamicPorts(type, typeVersion) || undefined,
  };
  for (const k of Object.keys(info) as Array<keyof DrawnTypeInfo>) if (info[k] === undefined) delete info[k];
  return info;
}

/** The description covering a version, from a type's descriptions (one per version range). */
export function descriptionFor(list: readonly INodeTypeDescription[] | undefined, typeVersion: number): INodeTypeDescription | undefined {
  return list?.find((d) => versionsOf(d).includes(typeVersion));
}
