// Node-type and parameter definitions (spec 001 §3 "Node type", "Node parameter definition").
// These are plain data: the server sends them to the editor through GET /rest/node-types.

export type NodePropertyType =
  | 'string'
  | 'number'
  | 'boolean'
  | 'options'
  | 'multiOptions'
  | 'collection'
  | 'fixedCollection'
  | 'json'
  | 'code'
  | 'color'
  | 'dateTime'
  | 'notice'
  | 'hidden'
  | 'credentialsSelect'
  | 'filter'
  | 'assignmentCollection'
  | 'resourceLocator'
  /** n8n's field mapping ({ mappingMode, value, schema }); the editor does not edit it yet. */
  | 'resourceMapper';

export interface INodePropertyOption {
  name: string;
  value: string | number | boolean;
  description?: string;
  action?: string;
}

/** A sub-group of a fixedCollection: a named list of properties. */
export interface INodePropertyCollection {
  name: string;
  displayName: string;
  values: INodeProperties[];
}

export interface IDisplayOptions {
  show?: { [parameterPath: string]: Array<unknown> | undefined };
  hide?: { [parameterPath: string]: Array<unknown> | undefined };
}

export interface INodePropertyTypeOptions {
  multipleValues?: boolean;
  multipleValueButtonText?: string;
  sortable?: boolean;
  rows?: number;
  password?: boolean;
  editor?: string;
  editorLanguage?: string;
  codeAutocomplete?: string;
  loadOptionsMethod?: string;
  loadOptionsDependsOn?: string[];
  reloadOnChange?: boolean;
  alwaysOpenEditWindow?: boolean;
  minValue?: number;
  maxValue?: number;
  numberPrecision?: number;
  showAlpha?: boolean;
  [key: string]: unknown;
}

export interface INodeProperties {
  name: string;
  displayName: string;
  type: NodePropertyType;
  default: unknown;
  description?: string;
  hint?: string;
  placeholder?: string;
  required?: boolean;
  options?: Array<INodePropertyOption | INodeProperties | INodePropertyCollection>;
  displayOptions?: IDisplayOptions;
  typeOptions?: INodePropertyTypeOptions;
  noDataExpression?: boolean;
  credentialTypes?: string[];
  /** Marks the property that becomes part of the node-creator item ("actions"). */
  isNodeSetting?: boolean;
  /** resourceLocator: the ways a value can be given (n8n's INodePropertyMode), the first is the default. */
  modes?: INodePropertyMode[];
}

/** One mode of a resource locator: 'list' searches with typeOptions.searchListMethod. */
export interface INodePropertyMode {
  displayName: string;
  name: string;
  type: 'string' | 'list';
  placeholder?: string;
  hint?: string;
  typeOptions?: { searchListMethod?: string; searchable?: boolean; searchFilterRequired?: boolean };
  validation?: Array<{ type: 'regex'; properties: { regex: string; errorMessage: string } }>;
}

export interface INodeCredentialDescription {
  name: string;
  required?: boolean;
  displayOptions?: IDisplayOptions;
}

export interface IWebhookDescription {
  name: string;
  httpMethod: string;
  path: string;
  responseMode?: string;
  isFullPath?: boolean;
}

export interface ITriggerPanel {
  header?: string;
  executionsHelp?: string | { active: string; inactive: string };
  activationHint?: string | { active: string; inactive: string };
}

export interface ICodex {
  categories?: string[];
  subcategories?: { [category: string]: string[] };
  alias?: string[];
}

export type NodeGroup = 'trigger' | 'schedule' | 'input' | 'output' | 'transform' | 'organization';

export interface INodeTypeDescription {
  /** Full type name, e.g. 'n8n-nodes-base.set'. */
  name: string;
  displayName: string;
  description: string;
  /** Our icon name in the atlas, e.g. 'fa:pen'; falls back to initials. */
  icon?: string;
  iconData?: { type: 'icon' | 'file'; icon?: string; fileBuffer?: string };
  /** Where a 'file:' icon is served (a community package's node: `${rest}/node-icon/<type>`). */
  iconUrl?: string;
  iconColor?: string;
  group: NodeGroup[];
  /** The versions this description covers. */
  version: number | number[];
  defaultVersion?: number;
  subtitle?: string;
  defaults: { name: string; color?: string };
  /** Input connection types; an expression string is not supported here. */
  inputs: string[];
  outputs: string[];
  inputNames?: string[];
  outputNames?: string[];
  /** Inputs that must have data (v1 execution order); number = how many. */
  requiredInputs?: number | number[];
  properties: INodeProperties[];
  credentials?: INodeCredentialDescription[];
  webhooks?: IWebhookDescription[];
  polling?: boolean;
  maxNodes?: number;
  activationMessage?: string;
  eventTriggerDescription?: string;
  triggerPanel?: ITriggerPanel;
  codex?: ICodex;
  documentationUrl?: string;
  /** Hidden from the node creator (e.g. deprecated or internal types). */
  hidden?: boolean;
  /** Output count depends on parameters (Switch, If error output); resolved by outputsFor(). */
  dynamicOutputs?: boolean;
}

export function versionsOf(d: INodeTypeDescription): number[] {
  return Array.isArray(d.version) ? d.version : [d.version];
}

export function latestVersion(d: INodeTypeDescription): number {
  return d.defaultVersion ?? Math.max(...versionsOf(d));
}

export function isTriggerType(d: INodeTypeDescription | undefined): boolean {
  return !!d && (d.group.includes('trigger') || d.group.includes('schedule'));
}
