// Keeps every node's issue lines current (spec 001 §4.1: parameters, credentials, unknown type,
// execution error). The store reports which nodes an edit touched (WorkflowStore.onEdit); after
// a short quiet period only those nodes are sent, in batches, to the issue worker
// (workers/issues.worker.ts, the same kernel as the server's) and the answers are applied in one
// action per batch. A 10,000-node workflow is checked off the main thread; typing into one
// parameter re-checks one node. Answers for a node that changed again meanwhile are dropped.
import { reaction } from 'mobx';
import { blockingIssueMessages, computeNodeIssues, type KnownCredential } from '../../model/nodeIssues.ts';
import type { INodeTypeDescription } from '../../model/nodeTypes.ts';
import { computeIssues, createIssueTypes, type IssueNodeInput, type IssueTypes } from '../../../workers/issues/kernel.ts';
import type { IssuesApi } from '../../../workers/issues.worker.ts';
import { WorkerClient } from '../workers/WorkerClient.ts';
import type { RootStore } from './RootStore.ts';
import type { NodeModel } from './WorkflowStore.ts';

/** Quiet period after the last edit before issues are recomputed. */
export const ISSUES_DEBOUNCE_MS = 120;
/** Nodes per worker message: small enough to copy and apply within a frame. */
export const ISSUES_BATCH = 500;

export type IssuesClient = Pick<WorkerClient<IssuesApi>, 'call' | 'destroy'>;

/** The kernel on the main thread, for browsers without workers and for tests. */
export function localIssuesApi(): IssuesApi {
  let types: IssueTypes = createIssueTypes([]);
  return {
    setNodeTypes(descriptions: INodeTypeDescription[]) {
      types = { ...createIssueTypes(descriptions), credentials: types.credentials, credentialTypeNames: types.credentialTypeNames };
    },
    setCredentials(list: KnownCredential[] | undefined, typeNames?: Record<string, string>) {
      types = { ...types, credentials: list, credentialTypeNames: typeNames };
    },
    compute(nodes: IssueNodeInput[]) {
      return computeIssues(types, nodes);
    },
  };
}

/** The stored credentials once loaded (named credentials are checked against them), else undefined. */
function knownCredentials(root: RootStore): KnownCredential[] | undefined {
  const { credentials } = root;
  return credentials.loaded ? credentials.credentials.map((c) => ({ id: c.id, name: c.name, type: c.type, nodesAccess: c.nodesAccess, oauth: c.oauth })) : undefined;
}

/** Display names of the credential types once loaded ('Basic Auth' for httpBasicAuth). */
function credentialTypeNames(root: RootStore): Record<string, string> | undefined {
  return root.credentials.typesLoaded ? Object.fromEntries(root.credentials.types.map((t) => [t.name, t.displayName])) : undefined;
}

function inputOf(root: RootStore, m: NodeModel): IssueNodeInput {
  const { workflow } = root;
  return {
    id: m.id,
    name: m.name,
    type: m.type,
    typeVersion: m.typeVersion,
    parameters: m.parameters,
    credentials: m.settings.credentials,
    disabled: m.disabled,
    hasPinData: !!workflow.pinData[m.name]?.length,
    hasRunError: !!workflow.runData?.[m.name]?.some((r) => r.error),
  };
}

export interface IssuesSyncOptions {
  client?: IssuesClient;
  debounceMs?: number;
  batchSize?: number;
}

export function startIssuesSync(root: RootStore, options: IssuesSyncOptions = {}): () => void {
  const { workflow, nodeTypes } = root;
  const client: IssuesClient =
    options.client ??
    new WorkerClient<IssuesApi>('issues', localIssuesApi(), (message) => root.ui.toasts.show({ kind: 'warning', title: 'Issue checks run on the main thread', message }));
  const debounceMs = options.debounceMs ?? ISSUES_DEBOUNCE_MS;
  const batchSize = options.batchSize ?? ISSUES_BATCH;

  const dirty = new Set<string>();
  let all = true;
  /** Bumped by edits of a node (per node) or of everything (generation). */
  const versions = new Map<string, number>();
  let generation = 0;
  let typesSent: unknown = undefined;
  let credentialsSent: unknown = undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let stopped = false;

  const stamp = (id: string) => `${generation}:${versions.get(id) ?? 0}`;
  const schedule = () => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void flush(), debounceMs);
  };

  const stopEdits = workflow.onEdit((e) => {
    if (e.kind === 'all') {
      all = true;
      generation++;
      dirty.clear();
      versions.clear();
    } else {
      for (const id of e.ids) {
        dirty.add(id);
        versions.set(id, (versions.get(id) ?? 0) + 1);
      }
    }
    schedule();
  });
  const recheckAll = () => {
    all = true;
    generation++;
    schedule();
  };
  const stopTypes = reaction(() => nodeTypes.descriptions, recheckAll);
  // A credential created, renamed or deleted can add or clear 'Credentials with name …' issues.
  const stopCredentials = reaction(() => (root.credentials.loaded ? root.credentials.credentials : undefined), recheckAll);

  async function flush(): Promise<void> {
    timer = undefined;
    if (stopped || !nodeTypes.loaded) return;
    if (running) {
      schedule();
      return;
    }
    running = true;
    try {
      if (typesSent !== nodeTypes.descriptions) {
        typesSent = nodeTypes.descriptions;
        await client.call('setNodeTypes', nodeTypes.descriptions);
      }
      const credentialList = root.credentials.loaded ? root.credentials.credentials : undefined;
      if (credentialsSent !== credentialList) {
        credentialsSent = credentialList;
        await client.call('setCredentials', knownCredentials(root), credentialTypeNames(root));
      }
      const ids = all ? [...workflow.nodes.keys()] : [...dirty];
      all = false;
      dirty.clear();
      for (let i = 0; i < ids.length && !stopped; i += batchSize) {
        const models = ids.slice(i, i + batchSize).map((id) => workflow.nodes.get(id)).filter((m) => m !== undefined);
        const stamps = new Map(models.map((m) => [m.id, stamp(m.id)]));
        const inputs = models.filter((m) => !m.isSticky).map((m) => inputOf(root, m));
        const answers = await client.call('compute', inputs);
        const fresh = answers.filter(([id]) => stamps.get(id) === stamp(id));
        if (fresh.length) workflow.setNodeIssuesBatch(fresh);
      }
    } catch (e) {
      root.ui.toasts.show({ kind: 'error', title: 'Node issues could not be checked', message: e instanceof Error ? e.message : String(e) });
    } finally {
      running = false;
      if (all || dirty.size) schedule();
    }
  }

  schedule();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    stopEdits();
    stopTypes();
    stopCredentials();
    if (!options.client) client.destroy();
  };
}

function blockingIssuesOf(root: RootStore, m: NodeModel, known: KnownCredential[] | undefined): string[] {
  const { workflow, nodeTypes } = root;
  if (m.isSticky || !nodeTypes.loaded) return [];
  const input = inputOf(root, m);
  return blockingIssueMessages(
    computeNodeIssues(
      { id: m.id, name: m.name, type: m.type, typeVersion: m.typeVersion, position: [0, 0], parameters: input.parameters, disabled: input.disabled, credentials: input.credentials },
      nodeTypes.get(m.type, m.typeVersion),
      { hasPinData: input.hasPinData, hasRunError: !!workflow.runData?.[m.name]?.some((r) => r.error), credentials: known, credentialTypeNames: credentialTypeNames(root) },
    ),
  );
}

/**
 * 'node: issue' lines of everything that blocks a run (spec 001 §5), computed now (not from the
 * possibly pending worker answers); `only` limits it to the nodes that will run.
 */
export function runIssueLines(root: RootStore, only?: Set<string>): string[] {
  const lines: string[] = [];
  const known = knownCredentials(root);
  for (const m of root.workflow.nodes.values()) {
    if (only && !only.has(m.name)) continue;
    for (const issue of blockingIssuesOf(root, m, known)) lines.push(`${m.name}: ${issue}`);
  }
  return lines;
}
