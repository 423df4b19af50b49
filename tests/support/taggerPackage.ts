// A one-node community package for measuring the package-host boundary: Tagger copies each input
// item and adds the 'tag' parameter. Used by bench/communityNode.bench.ts and
// tests/server/communityParts.test.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ExecutePayload } from '../../src/community/protocol.ts';
import type { INodeExecutionData } from '../../src/model/execution.ts';

export const TAGGER_NODE = `class Tagger {
  constructor() { this.description = { name: 'tagger', displayName: 'Tagger', version: 1, properties: [{ name: 'tag', displayName: 'Tag', type: 'string', default: '' }] }; }
  async execute() {
    const items = this.getInputData();
    const out = new Array(items.length);
    for (let i = 0; i < items.length; i++) out[i] = { json: { ...items[i].json, tag: this.getNodeParameter('tag', i) }, pairedItem: { item: i } };
    return [out];
  }
}
exports.Tagger = Tagger;
`;

/** Writes the package into `<dir>/node_modules/<name>` and answers its folder. */
export function writeTaggerPackage(dir: string, name: string): string {
  const pkg = join(dir, 'node_modules', name);
  mkdirSync(join(pkg, 'dist'), { recursive: true });
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name, version: '1.0.0', n8n: { nodes: ['dist/Tagger.node.js'] } }));
  writeFileSync(join(pkg, 'dist', 'Tagger.node.js'), TAGGER_NODE);
  return pkg;
}

/** An execute request for the Tagger of package `name` over `items`, tag 'x'. */
export function taggerPayload(name: string, items: INodeExecutionData[]): ExecutePayload {
  return {
    node: { id: 'n', name: 'Tagger', type: `${name}.tagger`, typeVersion: 1, position: [0, 0], parameters: { tag: 'x' } },
    inputs: [items],
    parameters: { shared: { tag: 'x' }, perItem: {}, errors: {} },
    mode: 'manual',
    executionId: '1',
    workflow: { active: false },
    runIndex: 0,
    continueOnFail: false,
    timezone: 'UTC',
    staticData: { global: {}, node: {} },
    webhookUrls: {},
  };
}
