// Builds the canvas harness (page + spatial worker) with esbuild and serves it, together with
// generated workflows, from a small static server on 127.0.0.1 (a free port). Used by the
// canvas bench (bench/canvas.mjs) and the harness e2e spec.
import { createServer } from 'node:http';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { generateWorkflow } from './generateWorkflow.ts';
import { generateLargeWorkflow } from './generateLargeWorkflow.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const harnessDir = join(root, '.tmp', 'canvas-harness');

/** Chromium flags from docs/DEVELOPING.md (WebGL through SwiftShader). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--no-first-run', '--disable-quic', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
];
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Production build of the harness page and the spatial worker into .tmp/canvas-harness/. */
export async function buildHarness({ minify = true } = {}) {
  await mkdir(join(harnessDir, 'workers'), { recursive: true });
  const common = {
    bundle: true, format: 'esm', platform: 'browser', target: ['chrome120'], minify, sourcemap: true,
    define: { 'process.env.NODE_ENV': '"production"' }, logLevel: 'error',
  };
  await Promise.all([
    esbuild.build({ ...common, entryPoints: { 'canvas-harness': join(root, 'bench', 'canvas-harness.ts') }, outdir: harnessDir }),
    esbuild.build({ ...common, entryPoints: { spatial: join(root, 'workers', 'spatial.worker.ts') }, outdir: join(harnessDir, 'workers') }),
    // The React Flow peer (bench/reactflow-harness.tsx), served as /reactflow.html.
    esbuild.build({ ...common, jsx: 'automatic', entryPoints: { 'reactflow-harness': join(root, 'bench', 'reactflow-harness.tsx') }, outdir: harnessDir }),
  ]);
  await copyFile(join(root, 'bench', 'canvas-harness.html'), join(harnessDir, 'index.html'));
  await copyFile(join(root, 'bench', 'reactflow-harness.html'), join(harnessDir, 'reactflow.html'));
  await copyFile(join(root, 'node_modules', '@xyflow', 'react', 'dist', 'style.css'), join(harnessDir, 'reactflow.css'));
  return harnessDir;
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.map': 'application/json', '.json': 'application/json', '.css': 'text/css' };

/**
 * Serves the built harness, /workflows/<nodes>.json?seed=&cpn= (bench/generateWorkflow.ts) and
 * /workflows/large-<nodes>.json?mb= (bench/generateLargeWorkflow.ts: real-shaped, about 5 MB by
 * default), generated on first request, then cached. Resolves to { url, close }.
 */
export async function startHarnessServer() {
  const cache = new Map();
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const wf = /^\/workflows\/(large-)?(\d+)\.json$/.exec(url.pathname);
      if (wf) {
        const key = url.pathname + url.search;
        let body = cache.get(key);
        if (!body) {
          const seed = Number(url.searchParams.get('seed') ?? 1);
          const cpn = Number(url.searchParams.get('cpn') ?? 1);
          const mb = Number(url.searchParams.get('mb') ?? 5);
          body = JSON.stringify(
            wf[1]
              ? generateLargeWorkflow(Number(wf[2]), { targetBytes: mb * 1024 * 1024 })
              : generateWorkflow(Number(wf[2]), { seed, connectionsPerNode: cpn }),
          );
          cache.set(key, body);
        }
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        res.end(body);
        return;
      }
      const rel = normalize(url.pathname === '/' ? 'index.html' : url.pathname.slice(1));
      if (rel.startsWith('..') || rel.includes(`..${sep}`)) throw Object.assign(new Error('bad path'), { status: 400 });
      const data = await readFile(join(harnessDir, rel));
      res.writeHead(200, { 'content-type': TYPES[extname(rel)] ?? 'application/octet-stream' });
      res.end(data);
    } catch (e) {
      const status = e?.status ?? (e?.code === 'ENOENT' ? 404 : 500);
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(String(e?.message ?? e));
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(r)) };
}
