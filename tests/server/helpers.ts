// Test servers on a real temporary SQLite file (or PostgreSQL schema: ../support/testDatabase.ts), driven through app.inject (or listening on a
// free port for the push tests).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { tempDataDir } from './tempDir.ts';
import { testDatabaseEnv } from '../support/testDatabase.ts';
import type { LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../../src/server/config.ts';
import { createServer, type CreateServerOptions, type SwitchyardServer } from '../../src/server/app.ts';
import type { INode, IConnections, IWorkflowBase } from '../../src/model/workflow.ts';
import type { IExecution } from '../../src/model/execution.ts';

export interface TestServer {
  server: SwitchyardServer;
  dataDir: string;
  /** Closes the server; the data folder stays (restart tests reopen it). */
  close(): Promise<void>;
  /** Closes the server and removes the data folder. */
  dispose(): Promise<void>;
}

export { tempDataDir };

export async function startServer(
  env: Record<string, string> = {},
  options: CreateServerOptions & { dataDir?: string } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? tempDataDir();
  const config = loadConfig({
    SWITCHYARD_DATA_DIR: dataDir,
    SWITCHYARD_PORT: '0',
    SWITCHYARD_LOG_LEVEL: 'silent',
    SWITCHYARD_GRACEFUL_SHUTDOWN_TIMEOUT: '0',
    // SQLite in the data folder, or its own schema on PostgreSQL (SWITCHYARD_TEST_DB=postgres).
    ...testDatabaseEnv(dataDir),
    ...env,
  });
  const server = await createServer(config, { distDir: join(dataDir, 'no-editor-build'), ...options });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await server.close();
  };
  return {
    server,
    dataDir,
    close,
    async dispose() {
      await close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Call {
  status: number;
  body: any;
  response: LightMyRequestResponse;
}

export async function call(
  s: TestServer,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<Call> {
  const response = await s.server.app.inject({
    method,
    url,
    headers: payload === undefined ? headers : { 'content-type': 'application/json', ...headers },
    payload: payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  let body: any = response.body;
  try {
    body = JSON.parse(response.body);
  } catch {
    // not JSON (HTML, SSE): keep the text
  }
  return { status: response.statusCode, body, response };
}

/** Every stored row, to prove a failed request changed nothing. */
export async function snapshot(s: TestServer): Promise<string> {
  const tables = ['workflows', 'tags', 'workflow_tags', 'executions', 'execution_data', 'users', 'settings', 'credentials'] as const;
  const out: Record<string, unknown> = {};
  for (const t of tables) out[t] = await s.server.db.selectFrom(t).selectAll().execute();
  return JSON.stringify(out);
}

export function node(name: string, type: string, typeVersion: number, position: [number, number], parameters: Record<string, unknown> = {}, extra: Partial<INode> = {}): INode {
  return { parameters, id: `id-${name.replace(/\W/g, '')}`, name, type, typeVersion, position, ...extra };
}

export function connect(pairs: Array<[string, string, number?, number?]>): IConnections {
  const c: IConnections = {};
  for (const [from, to, output = 0, input = 0] of pairs) {
    const outs = ((c[from] ??= { main: [] }).main ??= []);
    while (outs.length <= output) outs.push([]);
    outs[output]!.push({ node: to, type: 'main', index: input });
  }
  return c;
}


/** Runs a workflow through POST /rest/workflows/run and answers its execution once it has ended. */
export async function runToEnd(s: TestServer, workflowData: IWorkflowBase, timeoutMs = 30_000): Promise<IExecution> {
  const r = await call(s, 'POST', '/rest/workflows/run', { workflowData });
  if (r.status !== 200) throw new Error(`POST /rest/workflows/run answered ${r.status}: ${JSON.stringify(r.body)}`);
  const id = r.body.data.executionId as string;
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const e = await call(s, 'GET', `/rest/executions/${id}`);
    if (e.status === 200 && e.body.data.status !== 'running' && e.body.data.status !== 'new') return e.body.data;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`execution ${id} did not end in ${timeoutMs} ms: ${JSON.stringify(workflowData.nodes.map((n) => n.name))}`);
}
