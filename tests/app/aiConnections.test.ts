// Connections of every type in the editor's store, and what the node details view says about a
// node whose type is not installed.
import { describe, expect, it } from 'vitest';
import { runInAction } from 'mobx';
import { WorkflowStore, connectionId } from '../../src/app/stores/WorkflowStore.ts';
import { isCommunityPackage, packageOfType, unknownTypeNotice } from '../../src/app/editor/ndv/unknownNodeType.ts';
import { outputNamesOf } from '../../src/app/editor/ndv/outputNames.ts';
import type { IConnections, INode } from '../../src/model/workflow.ts';

const node = (name: string, type: string): INode => ({ id: name, name, type, typeVersion: 1, position: [0, 0], parameters: {} });

describe('connections of other types than main in the store', () => {
  // An agent whose tool is also fed by its main output: the same ports by index, two connection types.
  const connections: IConnections = {
    Agent: { main: [[{ node: 'Tool', type: 'main', index: 0 }]] },
    Tool: { ai_tool: [[{ node: 'Agent', type: 'ai_tool', index: 0 }]], main: [[{ node: 'Agent', type: 'main', index: 0 }]] },
    Model: { ai_languageModel: [[{ node: 'Agent', type: 'ai_languageModel', index: 0 }]] },
  };
  const load = () => {
    const s = new WorkflowStore();
    runInAction(() => s.load({ name: 'ai', active: false, nodes: [node('Agent', '@n8n/n8n-nodes-langchain.agent'), node('Tool', '@n8n/n8n-nodes-langchain.toolCode'), node('Model', '@n8n/n8n-nodes-langchain.lmChatOpenAi')], connections }));
    return s;
  };

  it('keeps a connection of another type beside a main one between the same ports, and writes both back', () => {
    const s = load();
    expect(s.connections.size).toBe(4);
    expect(connectionId('Tool', 0, 'Agent', 0)).toBe('Tool:0>Agent:0');
    expect(connectionId('Tool', 0, 'Agent', 0, 'ai_tool')).toBe('Tool:0>Agent:0:ai_tool');
    expect(s.connections.get('Tool:0>Agent:0:ai_tool')?.type).toBe('ai_tool');
    expect(s.connectionsJSON()).toEqual(connections);
  });

  it('deletes, undoes and redoes a sub-node connection without touching the main one', () => {
    const s = load();
    runInAction(() => s.disconnect(['Tool:0>Agent:0:ai_tool']));
    expect(s.connections.has('Tool:0>Agent:0:ai_tool')).toBe(false);
    expect(s.connections.has('Tool:0>Agent:0')).toBe(true);
    runInAction(() => s.undo());
    expect(s.connectionsJSON()).toEqual(connections);
    runInAction(() => s.redo());
    expect(s.connections.has('Tool:0>Agent:0:ai_tool')).toBe(false);
    // Connecting the same ports again by type is allowed once, refused as a duplicate after.
    expect(runInAction(() => s.connect('Tool', 0, 'Agent', 0, 'ai_tool'))).toBe(true);
    expect(runInAction(() => s.connect('Tool', 0, 'Agent', 0, 'ai_tool'))).toBe(false);
    expect(s.connectionsJSON()).toEqual(connections);
  });
});

describe('the unknown node type notice (spec 001 §2.7)', () => {
  it('finds the npm package of a type, scoped or not', () => {
    expect(packageOfType('n8n-nodes-base.telegram')).toBe('n8n-nodes-base');
    expect(packageOfType('@n8n/n8n-nodes-langchain.agent')).toBe('@n8n/n8n-nodes-langchain');
    expect(packageOfType('@acme/n8n-nodes-tools.widget')).toBe('@acme/n8n-nodes-tools');
    expect(packageOfType('CUSTOM')).toBe('CUSTOM');
  });

  it('decides the community variant as n8n does: n8n-nodes-* packages other than base, never @n8n', () => {
    expect(isCommunityPackage('n8n-nodes-acme')).toBe(true);
    expect(isCommunityPackage('n8n-nodes-evolution-api')).toBe(true);
    expect(isCommunityPackage('@acme/n8n-nodes-tools')).toBe(true);
    expect(isCommunityPackage('n8n-nodes-base')).toBe(false);
    expect(isCommunityPackage('@n8n/n8n-nodes-langchain')).toBe(false);
    expect(isCommunityPackage('my-private-nodes')).toBe(false);
  });

  it('names the package to install for a community type, and explains the others', () => {
    expect(unknownTypeNotice('n8n-nodes-acme.widget', 2, [])).toMatchObject({ title: 'Install this node to use it', communityPackage: 'n8n-nodes-acme', description: 'This node is not currently installed. It is part of the n8n-nodes-acme community package.' });
    const ai = unknownTypeNotice('@n8n/n8n-nodes-langchain.agent', 1.7, []);
    expect(ai.communityPackage).toBeUndefined();
    expect(ai.description).toContain('either from a newer version of n8n, a custom node, or has an invalid structure');
    expect(unknownTypeNotice('n8n-nodes-base.set', 9, [1, 2, 3.4]).description).toContain('version 9 of a type this instance has only in versions 1, 2, 3.4');
  });
});

describe('output names in the node details view', () => {
  const ifType = { outputs: ['main', 'main'], outputNames: ['true', 'false'] } as unknown as Parameters<typeof outputNamesOf>[0];
  const setType = { outputs: ['main'] } as unknown as Parameters<typeof outputNamesOf>[0];
  it('add n8n’s Error branch after the type’s outputs with continueErrorOutput (Success for a single one)', () => {
    expect(outputNamesOf(ifType)).toEqual(['true', 'false']);
    expect(outputNamesOf(ifType, 'continueErrorOutput')).toEqual(['true', 'false', 'Error']);
    expect(outputNamesOf(setType, 'continueErrorOutput')).toEqual(['Success', 'Error']);
    expect(outputNamesOf(setType, 'continueRegularOutput')).toEqual(['Output']);
  });
});
