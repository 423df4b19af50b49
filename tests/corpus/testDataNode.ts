// n8n's test-only node `n8n-nodes-testing.testData`: outputs the items written in its `data`
// parameter. Used by the corpus only; it is not part of the product's node list.
import type { NodeType } from '../../src/nodes/types.ts';
import type { IDataObject } from '../../src/model/workflow.ts';

export const testDataNode: NodeType = {
  kind: 'regular',
  description: {
    name: 'n8n-nodes-testing.testData',
    displayName: 'Test Data',
    description: 'Outputs literal items (corpus only)',
    group: ['input'],
    version: 1,
    defaults: { name: 'Test Data' },
    inputs: ['main'],
    outputs: ['main'],
    hidden: true,
    properties: [{ displayName: 'Data', name: 'data', type: 'json', default: [] }],
  },
  async execute(ctx) {
    const raw = ctx.getNodeParameter('data', 0, []);
    const data = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
    const list = (Array.isArray(data) ? data : [data]) as IDataObject[];
    return [list.map((json) => ({ json: structuredClone(json) }))];
  },
};
