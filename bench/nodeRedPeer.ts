// Node-RED as the webhook bench's peer (issue 14): node-red@5.0.7 installed with npm into a
// folder under the temp dir (kept there and reused; never a dependency of ours), one flow
// `http in POST /bench → change (msg.payload.doubled = payload.n * 2) → http response`, run with
// our Node 24 on a free loopback port and its own temp userDir.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BODY } from './loadTool.ts';

export const NODE_RED_VERSION = '5.0.7';
const installDir = join(tmpdir(), `switchyard-bench-node-red-${NODE_RED_VERSION}`);
const redJs = join(installDir, 'node_modules', 'node-red', 'red.js');

function installedVersion(): string | undefined {
  try {
    return JSON.parse(readFileSync(join(installDir, 'node_modules', 'node-red', 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

/** Installs node-red into installDir unless that exact version is already there. */
async function ensureInstalled(): Promise<void> {
  if (installedVersion() === NODE_RED_VERSION && existsSync(redJs)) return;
  mkdirSync(installDir, { recursive: true });
  writeFileSync(join(installDir, 'package.json'), JSON.stringify({ name: 'switchyard-bench-node-red', private: true }));
  await new Promise<void>((resolve, reject) =>
    execFile(
      'npm',
      ['install', '--prefix', installDir, '--no-audit', '--no-fund', '--omit=dev', '--loglevel=error', `node-red@${NODE_RED_VERSION}`],
      { timeout: 600_000, maxBuffer: 16 * 1024 * 1024 },
      (err, _stdout, stderr) => (err ? reject(new Error(`npm install node-red@${NODE_RED_VERSION} failed: ${stderr || err.message}`)) : resolve()),
    ),
  );
  if (installedVersion() !== NODE_RED_VERSION) throw new Error(`node-red ${NODE_RED_VERSION} is not in ${installDir} after npm install`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

const FLOWS = [
  { id: 'benchTab', type: 'tab', label: 'bench' },
  { id: 'benchIn', type: 'http in', z: 'benchTab', name: '', url: '/bench', method: 'post', upload: false, swaggerDoc: '', wires: [['benchChange']] },
  {
    id: 'benchChange',
    type: 'change',
    z: 'benchTab',
    name: '',
    rules: [{ t: 'set', p: 'payload.doubled', pt: 'msg', to: 'payload.n * 2', tot: 'jsonata' }],
    wires: [['benchOut']],
  },
  { id: 'benchOut', type: 'http response', z: 'benchTab', name: '', statusCode: '', headers: {}, wires: [] },
];

export interface NodeRedPeer {
  url: string;
  version: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Installs (once) and starts Node-RED; resolves when POST /bench answers 200. With `editor`, its
 * editor at `/` (no sign-in) showing `flows` instead, ready when the admin API lists them.
 */
export async function startNodeRed(opts: { editor?: { flows: object[] } } = {}): Promise<NodeRedPeer> {
  await ensureInstalled();
  const userDir = mkdtempSync(join(tmpdir(), 'switchyard-bench-node-red-user-'));
  const port = await freePort();
  writeFileSync(join(userDir, 'flows.json'), JSON.stringify(opts.editor?.flows ?? FLOWS));
  const settings = {
    uiHost: '127.0.0.1',
    uiPort: port,
    userDir,
    flowFile: 'flows.json',
    credentialSecret: false,
    // Without `editor` only the flow's http endpoint is measured.
    httpAdminRoot: opts.editor ? '/' : false,
    // No welcome tour over the workspace.
    editorTheme: { tours: false },
    logging: { console: { level: 'warn', metrics: false, audit: false } },
    telemetry: { enabled: false },
    diagnostics: { enabled: false },
  };
  const settingsFile = join(userDir, 'settings.js');
  writeFileSync(settingsFile, `module.exports = ${JSON.stringify(settings, null, 2)};\n`);
  const child = spawn(process.execPath, [redJs, '--settings', settingsFile, '--userDir', userDir], { cwd: userDir, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-4000)));
  child.stderr!.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-4000)));
  const url = opts.editor ? `http://127.0.0.1:${port}/` : `http://127.0.0.1:${port}/bench`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(t);
          resolve();
        });
        child.kill('SIGTERM');
      });
    }
    rmSync(userDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`Node-RED exited (${child.exitCode}): ${out}`);
    }
    if (opts.editor) {
      const r = await fetch(`${url}flows`).catch(() => undefined);
      if (r?.ok && ((await r.json()) as unknown[]).length === opts.editor.flows.length) break;
    }
    const r = opts.editor ? undefined : await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: BODY }).catch(() => undefined);
    if (r?.ok) {
      const answer = (await r.json()) as { doubled?: number };
      if (answer.doubled !== JSON.parse(BODY).n * 2) {
        await stop();
        throw new Error(`Node-RED's flow answered ${JSON.stringify(answer)}`);
      }
      break;
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Node-RED did not answer on ${url} within 60 s: ${out}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, version: installedVersion()!, child, stop };
}
