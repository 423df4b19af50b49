// The issue worker: node issues of big workflows computed off the main thread. The editor sends
// the node-type descriptions once, then batches of changed nodes.
import { expose } from 'comlink';
import type { INodeTypeDescription } from '../src/model/nodeTypes.ts';
import type { KnownCredential } from '../src/model/nodeIssues.ts';
import { computeIssues, createIssueTypes, type IssueNodeInput, type IssueTypes } from './issues/kernel.ts';

let types: IssueTypes = createIssueTypes([]);

export const issuesApi = {
  setNodeTypes(descriptions: INodeTypeDescription[]): void {
    types = { ...createIssueTypes(descriptions), credentials: types.credentials, credentialTypeNames: types.credentialTypeNames };
  },
  /** The stored credentials (id, name, type; no data), or undefined while unknown; the types' display names. */
  setCredentials(list: KnownCredential[] | undefined, typeNames?: Record<string, string>): void {
    types = { ...types, credentials: list, credentialTypeNames: typeNames };
  },
  compute(nodes: IssueNodeInput[]): Array<[string, string[]]> {
    return computeIssues(types, nodes);
  },
};

export type IssuesApi = typeof issuesApi;

// Exposed only inside a worker, so tests can import the API.
if (typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== 'undefined') expose(issuesApi);
