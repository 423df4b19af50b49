// Issue 15: "a declarative node making 1,000 HTTP calls to a local server — within 1.5× of HTTP
// Request doing the same". A declarative node as a community package describes it
// (requestDefaults.baseURL, an operation whose routing sets method and URL, a parameter sent in
// the query, a rootProperty postReceive) runs through the engine's routing code
// (src/server/community/routing.ts, as installed packages' declarative nodes run), one request per
// item for 1,000 items; HTTP Request v4.2 sends the same 1,000 GETs. Both against one local HTTP
// server (keep-alive), whole workflow runs through the engine, medians of the rounds. Part of
// `npm run bench`; alone: `npm run bench -- --only declarative-node`.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runWorkflow } from '../src/engine/index.ts';
import { builtinTypes, createRegistry } from '../src/nodes/registry.ts';
import type { INodeTypeDescription } from '../src/model/nodeTypes.ts';
import type { IWorkflowBase } from '../src/model/workflow.ts';
import type { NodeType } from '../src/nodes/types.ts';
import { runDeclarative } from '../src/server/community/routing.ts';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function declarativeType(baseURL: string): NodeType {
  const description = {
    displayName: 'Catalog',
    name: 'n8n-nodes-bench.catalog',
    group: ['transform'],
    version: 1,
    defaults: { name: 'Catalog' },
    inputs: ['main'],
    outputs: ['main'],
    requestDefaults: { baseURL, headers: { Accept: 'application/json' } },
    properties: [
      { displayName: 'Operation', name: 'operation', type: 'options', default: 'get', options: [{ name: 'Get', value: 'get', routing: { request: { method: 'GET', url: '=/items/{{$parameter.id}}' }, output: { postReceive: [{ type: 'rootProperty', properties: { property: 'data' } }] } } }] },
      { displayName: 'ID', name: 'id', type: 'string', default: '' },
      { displayName: 'Fields', name: 'fields', type: 'string', default: 'all', routing: { send: { type: 'query', property: 'fields' } } },
    ],
  } as unknown as INodeTypeDescription;
  return { description, kind: 'regular', execute: (ctx) => runDeclarative(ctx, description) };
}

function workflow(count: number, node: IWorkflowBase['nodes'][number]): IWorkflowBase {
  return {
    id: 'bench',
    name: 'declarative bench',
    active: false,
    settings: { executionOrder: 'v1' },
    nodes: [
      { id: 't', name: 'Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
      { id: 'd', name: 'Data', type: 'n8n-nodes-base.code', typeVersion: 2, position: [200, 0], parameters: { jsCode: `return Array.from({ length: ${count} }, (_, i) => ({ json: { id: i } }));` } },
      { ...node, position: [400, 0] },
    ],
    connections: { Trigger: { main: [[{ node: 'Data', type: 'main', index: 0 }]] }, Data: { main: [[{ node: node.name, type: 'main', index: 0 }]] } },
  } as IWorkflowBase;
}

export async function runDeclarativeNodeBench({ quick = false } = {}) {
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    const id = (req.url ?? '').split('?')[0].split('/').pop();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ data: { id, name: `item ${id}`, price: 10 } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const registry = createRegistry([...builtinTypes, declarativeType(base)]);
  const count = 1000;
  const declarative = workflow(count, { id: 'n', name: 'Catalog', type: 'n8n-nodes-bench.catalog', typeVersion: 1, position: [0, 0], parameters: { operation: 'get', id: '={{ $json.id }}', fields: 'all' } });
  const http = workflow(count, {
    id: 'n',
    name: 'HTTP Request',
    type: 'n8n-nodes-base.httpRequest',
    typeVersion: 4.2,
    position: [0, 0],
    parameters: { url: `=${base}/items/{{ $json.id }}`, sendQuery: true, queryParameters: { parameters: [{ name: 'fields', value: 'all' }] }, options: {} },
  });
  const times: Record<'declarative' | 'httpRequest', number[]> = { declarative: [], httpRequest: [] };
  try {
    for (let round = 0; round < (quick ? 3 : 7); round++) {
      for (const [name, wf] of [['declarative', declarative], ['httpRequest', http]] as const) {
        const before = requests;
        const t0 = performance.now();
        const run = await runWorkflow({ workflow: wf, nodeTypes: registry, mode: 'manual', executionId: String(round) });
        const ms = performance.now() - t0;
        const nodeName = wf.nodes[2].name;
        const out = run.data.resultData.runData[nodeName]?.[0]?.data?.main?.[0] ?? [];
        if (run.data.resultData.error || out.length !== count || requests - before !== count) throw new Error(`${name}: ${run.data.resultData.error?.message ?? `${out.length} items, ${requests - before} requests`}`);
        times[name].push(ms);
      }
    }
  } finally {
    server.close();
  }
  const declarativeMs = Number(median(times.declarative).toFixed(1));
  const httpRequestMs = Number(median(times.httpRequest).toFixed(1));
  const ratio = Number((declarativeMs / httpRequestMs).toFixed(2));
  console.log(`1,000 calls: declarative ${declarativeMs} ms, HTTP Request ${httpRequestMs} ms, ratio ${ratio} (target ≤ 1.5)`);
  return { requests: count, declarativeMs, httpRequestMs, ratio, rounds: times };
}
