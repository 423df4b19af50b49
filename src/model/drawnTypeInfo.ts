// What the canvas draws a node of a type with (icon, colour, ports …), from the type's
// description and, for types whose endpoints depend on them, the node's parameters. The editor
// asks it through the canvas's lookup; the server asks it for a wall, whose nodes come without
// parameters. Structurally the canvas's NodeTypeInfo (src/canvas/types.ts).
import { isTriggerType, versionsOf, type INodeTypeDescription } from './nodeTypes.ts';
import { hasDynamicPorts, nodePorts } from './nodePorts.ts';

export interface DrawnTypeInfo {
  displayName: string;
  /** Icon name from assets/icons.ts ('fa:pen'); initials are drawn when absent. */
  icon?: string;
  /** CSS colour of the icon ('#ff6d5a'). */
  iconColor?: string;
  /** An image drawn as the icon when `icon` is not in the atlas (a community node's 'file:' icon, GET /rest/node-icon/<type>). */
  iconUrl?: string;
  /** Main inputs and outputs. */
  inputs: number;
  outputs: number;
  inputNames?: string[];
  outputNames?: string[];
  /** Inputs of other connection types (n8n's ai_* sub-node inputs), in order: drawn on the bottom edge. */
  nonMainInputs?: string[];
  /** Outputs of other connection types (a sub-node's ai_* output): drawn on the top edge. */
  nonMainOutputs?: string[];
  isTrigger: boolean;
  /** The type's defaults.color, used for the icon when iconColor is absent. */
  defaultsColor?: string;
  /**
   * Inputs or outputs depend on the node's parameters (Switch v2/v3 outputs, Merge v3 inputs).
   * The canvas then calls the lookup again with each such node's parameters (when the node
   * appears and whenever its parameters change) and lays its endpoints out from that answer.
   */
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
