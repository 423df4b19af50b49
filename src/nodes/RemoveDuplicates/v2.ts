// Remove Duplicates v2: an Operation picks between dropping items repeated within the current
// input (v1.1's comparison, nulls allowed) and n8n's deduplication history across executions
// (helpers.checkProcessedAndRecord, engine/deduplication.ts): keep items whose value was not seen
// before, or is higher / a later date than any before; or clear that history. As in n8n the
// history operations return two lists: the kept items, then the discarded ones.
import type { INodeProperties, INodeTypeDescription } from '../../model/nodeTypes.ts';
import type { INodeExecutionData } from '../../model/execution.ts';
import type { DeduplicationMode, DeduplicationScope } from '../../engine/deduplication.ts';
import { NodeOperationError, type ExecuteFunctions, type NodeType } from '../types.ts';
import { tryToParseDateTime } from '../shared/typeValidation.ts';
import { dedupeProperties } from '../shared/items/dedupeProperties.ts';
import { runRemoveDuplicates } from '../shared/items/dedupeOperation.ts';
import { sliceDue, yieldToLoop } from '../../model/yieldToLoop.ts';

const WITHIN_INPUT = 'removeDuplicateInputItems';
const SEEN_BEFORE = 'removeItemsSeenInPreviousExecutions';
const CLEAR_HISTORY = 'clearDeduplicationHistory';

const [compare, fieldsToExclude, fieldsToCompare, compareOptions] = dedupeProperties;

const scopeOption: INodeProperties = {
  displayName: 'Scope',
  name: 'scope',
  type: 'options',
  default: 'node',
  displayOptions: { show: { '/operation': [CLEAR_HISTORY, SEEN_BEFORE] } },
  description: "If set to ‘workflow,’ key values will be shared across all nodes in the workflow. If set to ‘node,’ key values will be specific to this node.",
  options: [
    { name: 'Workflow', value: 'workflow', description: 'Deduplication info will be shared by all the nodes in the workflow' },
    { name: 'Node', value: 'node', description: 'Deduplication info will be stored only for this node' },
  ],
};

const withinInputOnly = { show: { '/operation': [WITHIN_INPUT] }, hide: { '/compare': ['allFields'] } };

export const removeDuplicatesV2Properties: INodeProperties[] = [
  {
    displayName: 'Operation',
    name: 'operation',
    type: 'options',
    noDataExpression: true,
    options: [
      { name: 'Remove Items Repeated Within Current Input', value: WITHIN_INPUT, description: 'Remove duplicates from incoming items', action: 'Remove items repeated within current input' },
      { name: 'Remove Items Processed in Previous Executions', value: SEEN_BEFORE, description: 'Deduplicate items already seen in previous executions', action: 'Remove items processed in previous executions' },
      { name: 'Clear Deduplication History', value: CLEAR_HISTORY, description: 'Wipe the store of previous items', action: 'Clear deduplication history' },
    ],
    default: WITHIN_INPUT,
  },
  { ...compare, displayOptions: { show: { operation: [WITHIN_INPUT] } } },
  fieldsToExclude,
  fieldsToCompare,
  {
    displayName: 'Keep Items Where',
    name: 'logic',
    type: 'options',
    noDataExpression: true,
    options: [
      { name: 'Value Is New', value: 'removeItemsWithAlreadySeenKeyValues', description: 'Remove all input items with values matching those already processed' },
      { name: 'Value Is Higher than Any Previous Value', value: 'removeItemsUpToStoredIncrementalKey', description: 'Works with incremental values, removes all input items with values up to the stored value' },
      { name: 'Value Is a Date Later than Any Previous Date', value: 'removeItemsUpToStoredDate', description: 'Works with date values, removes all input items with values up to the stored date' },
    ],
    default: 'removeItemsWithAlreadySeenKeyValues',
    description: 'How to select input items to remove by comparing them with key values previously processed',
    displayOptions: { show: { operation: [SEEN_BEFORE] } },
  },
  {
    displayName: 'Value to Dedupe On',
    name: 'dedupeValue',
    type: 'string',
    default: '',
    description: 'Use an input field (or a combination of fields) that has a unique ID value',
    hint: 'The input field value to compare between items',
    placeholder: 'e.g. ID',
    required: true,
    displayOptions: { show: { logic: ['removeItemsWithAlreadySeenKeyValues'], '/operation': [SEEN_BEFORE] } },
  },
  {
    displayName: 'Value to Dedupe On',
    name: 'incrementalDedupeValue',
    type: 'number',
    default: '',
    description: 'Use an input field (or a combination of fields) that has an incremental value',
    hint: 'The input field value to compare between items, an incremental value is expected',
    placeholder: 'e.g. ID',
    displayOptions: { show: { logic: ['removeItemsUpToStoredIncrementalKey'], '/operation': [SEEN_BEFORE] } },
  },
  {
    displayName: 'Value to Dedupe On',
    name: 'dateDedupeValue',
    type: 'dateTime',
    default: '',
    description: 'Use an input field that has a date value in ISO format',
    hint: 'The input field value to compare between items, a date is expected',
    placeholder: ' e.g. 2024-08-09T13:44:16Z',
    displayOptions: { show: { logic: ['removeItemsUpToStoredDate'], '/operation': [SEEN_BEFORE] } },
  },
  {
    displayName: 'Mode',
    name: 'mode',
    type: 'options',
    default: 'cleanDatabase',
    description: 'How you want to modify the key values stored on the database. None of these modes removes input items.',
    displayOptions: { show: { operation: [CLEAR_HISTORY] } },
    options: [{ name: 'Clean Database', value: 'cleanDatabase', description: 'Clear all values stored for a key in the database' }],
  },
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    placeholder: 'Add Field',
    default: {},
    displayOptions: { show: { operation: [WITHIN_INPUT, SEEN_BEFORE, CLEAR_HISTORY] } },
    options: [
      ...(compareOptions.options as INodeProperties[]).map((o) => ({ ...o, displayOptions: withinInputOnly })),
      scopeOption,
      {
        displayName: 'History Size',
        name: 'historySize',
        type: 'number',
        default: 10000,
        hint: 'The max number of past items to store for deduplication',
        displayOptions: { show: { '/logic': ['removeItemsWithAlreadySeenKeyValues'], '/operation': [SEEN_BEFORE] } },
      },
    ],
  },
];

export function removeDuplicatesV2(base: Omit<INodeTypeDescription, 'version' | 'properties'>): NodeType {
  return {
    kind: 'regular',
    description: { ...base, version: 2, properties: removeDuplicatesV2Properties },
    async execute(ctx) {
      const operation = ctx.getNodeParameter('operation', 0, WITHIN_INPUT) as string;
      const items = ctx.getInputData();
      if (operation === WITHIN_INPUT) return [runRemoveDuplicates(ctx, items, { nullsAllowed: true })];
      if (operation === SEEN_BEFORE) return removeSeenBefore(ctx, items);
      if (operation === CLEAR_HISTORY) {
        const mode = ctx.getNodeParameter('mode', 0, 'cleanDatabase') as string;
        if (mode === 'cleanDatabase') await ctx.helpers.clearAllProcessedItems(scopeOf(ctx), { mode: 'entries' });
        return [items];
      }
      return [items];
    },
  };
}

const DEFAULT_HISTORY_SIZE = 10000;
const EMPTY_VALUE = 'The `Value to Dedupe` On is empty. Please provide a value.';

function scopeOf(ctx: ExecuteFunctions): DeduplicationScope {
  const scope = ctx.getNodeParameter('options.scope', 0, 'node') as DeduplicationScope;
  if (scope !== 'node' && scope !== 'workflow') {
    throw new NodeOperationError(ctx.getNode(), `The scope '${String(scope)}' is not supported. Please select either "node" or "workflow".`);
  }
  return scope;
}

async function removeSeenBefore(ctx: ExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[][]> {
  const logic = ctx.getNodeParameter('logic', 0, 'removeItemsWithAlreadySeenKeyValues') as string;
  const scope = scopeOf(ctx);
  // Items by their value; keys in the order a plain object gives them (n8n's item mapping).
  const byValue: Record<string, number[]> = {};
  const add = (key: string, index: number) => (byValue[key] ??= []).push(index);
  let mode: DeduplicationMode;
  let maxEntries: number | undefined;

  if (logic === 'removeItemsWithAlreadySeenKeyValues') {
    mode = 'entries';
    for (let i = 0; i < items.length; i++) add(String(ctx.getNodeParameter('dedupeValue', i, '') ?? ''), i);
    maxEntries = Number(ctx.getNodeParameter('options.historySize', 0, DEFAULT_HISTORY_SIZE));
    const stored = await ctx.helpers.getProcessedDataCount(scope, { mode, maxEntries });
    if (stored + items.length > maxEntries) {
      throw new NodeOperationError(
        ctx.getNode(),
        'The number of items to be processed exceeds the maximum history size. Please increase the history size or reduce the number of items to be processed.',
      );
    }
  } else if (logic === 'removeItemsUpToStoredIncrementalKey') {
    mode = 'latestIncrementalKey';
    for (let i = 0; i < items.length; i++) {
      if (sliceDue()) await yieldToLoop();
      const value = ctx.getNodeParameter('incrementalDedupeValue', i, '') as unknown;
      if (value === undefined || value === null || String(value) === '') throw new NodeOperationError(ctx.getNode(), EMPTY_VALUE);
      const n = Number(value);
      if (Number.isNaN(n)) throw new NodeOperationError(ctx.getNode(), `The value '${String(value)}' is not a number. Please provide a number.`);
      add(String(n), i);
    }
  } else if (logic === 'removeItemsUpToStoredDate') {
    mode = 'latestDate';
    for (let i = 0; i < items.length; i++) {
      if (sliceDue()) await yieldToLoop();
      const value = String(ctx.getNodeParameter('dateDedupeValue', i, '') ?? '');
      if (!value) throw new NodeOperationError(ctx.getNode(), EMPTY_VALUE);
      try {
        tryToParseDateTime(value);
      } catch {
        throw new NodeOperationError(ctx.getNode(), `The value '${value}' is not a valid date. Please provide a valid date.`);
      }
      add(value, i);
    }
  } else {
    return [items];
  }

  const result = await ctx.helpers.checkProcessedAndRecord(Object.keys(byValue), scope, { mode, maxEntries });
  const pick = (keys: Array<string | number>) =>
    keys.flatMap((key) => (byValue[String(key)] ?? []).map((i) => ({ ...items[i]!, pairedItem: { item: i } })));
  const output = [pick(result.new), pick(result.processed)];

  if (mode === 'entries' && maxEntries! > 0) {
    const count = await ctx.helpers.getProcessedDataCount(scope, { mode, maxEntries });
    if (count / maxEntries! > 0.5) {
      ctx.addHint(
        `Some duplicates may be not be removed since you're approaching the maximum history size (${maxEntries} items). You can raise this limit using the ‘history size’ option.`,
      );
    }
  }
  return output;
}
