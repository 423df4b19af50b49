// Execute Workflow v1–1.3: runs another workflow with this node's items — once with all items or
// once per item — and outputs what the sub-workflow's last node returned. From 1.2 the items
// carry the mapped Workflow Inputs (checked against the mapping's schema, as n8n does).
import type { INodeExecutionData, IPairedItemData } from '../../model/execution.ts';
import type { IDataObject } from '../../model/workflow.ts';
import { NodeOperationError, type ExecuteFunctions, type NodeType } from '../types.ts';
import { validateFieldType, type FieldType } from '../shared/typeValidation.ts';
import { generatePairedItemData } from '../shared/pairedItems.ts';
import { executeWorkflowDescription } from './description.ts';
import { loadSubWorkflow, startNodeOf } from './workflowSource.ts';
import { searchWorkflows } from './listSearch.ts';
import { cloneLarge } from '../shared/deepCopy.ts';
import { sliceDue, yieldToLoop } from '../../model/yieldToLoop.ts';

async function run(ctx: ExecuteFunctions, source: string, itemIndex: number, items: INodeExecutionData[]) {
  if (!ctx.executeSubWorkflow) throw new NodeOperationError(ctx.getNode(), 'Sub-workflows can not be run here');
  const workflow = await loadSubWorkflow(ctx, source, itemIndex);
  // The sub-workflow gets plain items; run data of this workflow stays untouched. Large items are
  // cloned in slices (cloneLarge: structuredClone of a 1.9M-value item held the loop 100+ ms).
  const input: INodeExecutionData[] = [];
  for (const { json, binary } of items) {
    if (sliceDue()) await yieldToLoop();
    const copy = await cloneLarge(json);
    input.push(binary ? { json: copy, binary } : { json: copy });
  }
  return ctx.executeSubWorkflow({ workflow, items: input, startNode: startNodeOf(workflow) });
}

async function runEach(ctx: ExecuteFunctions, source: string, items: INodeExecutionData[]): Promise<INodeExecutionData[][]> {
  const returnData: INodeExecutionData[][] = [];
  for (let i = 0; i < items.length; i++) {
    try {
      const wait = ctx.getNodeParameter('options.waitForSubWorkflow', i, true) as boolean;
      const result = run(ctx, source, i, [items[i]]);
      if (!wait) {
        // Not waiting: the item goes on; a failing sub-workflow does not stop this one.
        result.catch(() => undefined);
        (returnData[0] ??= []).push(items[i]);
        continue;
      }
      const { data } = await result;
      data.forEach((output, outputIndex) => {
        for (const item of output ?? []) item.pairedItem = { item: i };
        (returnData[outputIndex] ??= []).push(...(output ?? []));
      });
    } catch (error) {
      if (ctx.continueOnFail()) {
        // Before 1.3 n8n puts each failed item on an output of its own index; 1.3 all on the first.
        (returnData[ctx.getNode().typeVersion >= 1.3 ? 0 : i] ??= []).push({ json: { error: (error as Error).message }, pairedItem: { item: i } });
        continue;
      }
      throw new NodeOperationError(ctx.getNode(), `Error executing workflow with item at index ${i}`, { description: (error as Error).message, itemIndex: i });
    }
  }
  return returnData;
}

async function runOnce(ctx: ExecuteFunctions, source: string, items: INodeExecutionData[]): Promise<INodeExecutionData[][]> {
  try {
    const wait = ctx.getNodeParameter('options.waitForSubWorkflow', 0, true) as boolean;
    const result = run(ctx, source, 0, items);
    if (!wait) {
      result.catch(() => undefined);
      return [items];
    }
    const { data } = await result;
    const fallback: IPairedItemData[] = generatePairedItemData(items.length);
    return data.map((output) =>
      (output ?? []).map((item, index) => ({
        ...item,
        // Items keep no link into the sub-workflow: pair them by position, or with all inputs.
        pairedItem: output!.length === items.length ? { item: index } : fallback,
      })),
    );
  } catch (error) {
    if (ctx.continueOnFail()) return [[{ json: { error: (error as Error).message }, pairedItem: generatePairedItemData(items.length) }]];
    throw error;
  }
}

interface MapperField {
  id: string;
  displayName?: string;
  type?: FieldType;
  removed?: boolean;
  options?: Array<{ value: unknown }>;
}

interface MapperValue {
  value?: IDataObject | null;
  schema?: MapperField[];
  attemptToConvertTypes?: boolean;
  convertFieldsToString?: boolean;
}

/** 'workflowInputs.value' for one item, each typed field checked (and converted when allowed). */
function mappedInputs(ctx: ExecuteFunctions, itemIndex: number): IDataObject {
  const values = { ...((ctx.getNodeParameter('workflowInputs.value', itemIndex, {}) as IDataObject | null) ?? {}) };
  const mapper = (ctx.getNode().parameters.workflowInputs ?? {}) as MapperValue;
  for (const [key, value] of Object.entries(values)) {
    const field = mapper.schema?.find((f) => f.id === key);
    if (!field?.type) continue;
    const result = validateFieldType(key, value, field.type, { valueOptions: field.options, strict: !mapper.attemptToConvertTypes, parseStrings: !!mapper.convertFieldsToString });
    if (!result.valid) throw new NodeOperationError(ctx.getNode(), `Invalid input for '${key}' [item ${itemIndex}]`, { description: result.errorMessage, itemIndex });
    values[key] = result.newValue;
  }
  return values;
}

/** n8n's getCurrentWorkflowInputData: mapped inputs over each item's JSON, removed fields dropped. */
function inputItems(ctx: ExecuteFunctions): INodeExecutionData[] {
  const items = ctx.getInputData();
  if (ctx.getNode().typeVersion < 1.2) return items;
  const schema = (ctx.getNodeParameter('workflowInputs.schema', 0, []) as MapperField[] | null) ?? [];
  const removed = new Set(schema.filter((f) => f.removed).map((f) => f.displayName ?? f.id));
  return items.map(({ json, binary }, index) => {
    const merged: IDataObject = { ...json, ...mappedInputs(ctx, index) };
    for (const key of removed) delete merged[key];
    return binary ? { json: merged, binary, pairedItem: { item: index } } : { json: merged, pairedItem: { item: index } };
  });
}

export const executeWorkflow: NodeType = {
  kind: 'regular',
  description: executeWorkflowDescription,
  methods: { listSearch: { searchWorkflows } },
  async execute(ctx) {
    const source = ctx.getNodeParameter('source', 0) as string;
    const mode = ctx.getNodeParameter('mode', 0, false) as string;
    const items = inputItems(ctx);
    return mode === 'each' ? runEach(ctx, source, items) : runOnce(ctx, source, items);
  },
};
