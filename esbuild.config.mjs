// Builds the editor into dist/editor/:
//   assets/main.js + main.css (+ lazy chunks)  from src/app/main.tsx
//   assets/monaco/…                            the code editor, loaded only when a code parameter opens
//   workers/<name>.js                          from workers/<name>.worker.ts
//   index.html, fonts and other static files from the repo root / assets/
// `node esbuild.config.mjs` builds once (production unless NODE_ENV=development),
// `--watch` rebuilds on change. `build()` is exported for scripts/start.mjs.
import * as esbuild from 'esbuild';
import { cp, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
export const outDir = join(root, 'dist', 'editor');

async function workerEntries() {
  const dir = join(root, 'workers');
  if (!existsSync(dir)) return {};
  const entries = {};
  for (const f of await readdir(dir)) {
    const m = /^(.+)\.worker\.ts$/.exec(f);
    if (m) entries[m[1]] = join(dir, f);
  }
  return entries;
}

/** index.html and the static assets folder (fonts, icons) are copied as they are. */
async function copyStatic(out) {
  await mkdir(out, { recursive: true });
  await cp(join(root, 'index.html'), join(out, 'index.html'));
  // assets/ also holds TypeScript tables (icons.ts) that are bundled, not served.
  const assets = join(root, 'assets');
  const isStatic = (src) => !/\.(ts|tsx|mts)$/.test(src);
  if (existsSync(assets) && (await readdir(assets)).some(isStatic)) {
    await cp(assets, join(out, 'static'), { recursive: true, filter: isStatic });
  }
}

function common(production) {
  return {
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome120', 'firefox120', 'safari17'],
    minify: production,
    sourcemap: true,
    legalComments: 'linked',
    define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
    loader: { '.woff2': 'file', '.woff': 'file', '.ttf': 'file', '.svg': 'file', '.png': 'file' },
    logLevel: 'warning',
    metafile: true,
  };
}

function contexts(production, workers, out) {
  const base = common(production);
  const app = {
    ...base,
    entryPoints: { main: join(root, 'src/app/main.tsx') },
    outdir: join(out, 'assets'),
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'files/[name]-[hash]',
    jsx: 'automatic',
  };
  // Monaco is its own entry (JS + CSS + codicon font) so that none of it reaches the main bundle;
  // the app imports it by URL when a code parameter is opened.
  const monaco = {
    ...base,
    entryPoints: {
      'code-editor': join(root, 'src/app/editor/parameters/code/monacoEntry.ts'),
      'editor.worker': join(root, 'node_modules/monaco-editor/esm/vs/editor/editor.worker.js'),
    },
    outdir: join(out, 'assets', 'monaco'),
    assetNames: '[name]-[hash]',
  };
  const result = [app, monaco];
  if (Object.keys(workers).length) {
    result.push({ ...base, entryPoints: workers, outdir: join(out, 'workers'), format: 'esm' });
  }
  return result;
}

function report(results, out) {
  const rows = [];
  for (const r of results) {
    for (const [file, info] of Object.entries(r.metafile?.outputs ?? {})) {
      if (file.endsWith('.map')) continue;
      rows.push([relative(out, join(root, file)), info.bytes]);
    }
  }
  return rows.sort((a, b) => b[1] - a[1]);
}

/**
 * Builds once. Returns the output folder and sizes (path relative to it, bytes).
 * `outDir` defaults to dist/editor; end-to-end runs build into their own folder so that a
 * rebuild elsewhere cannot swap chunks under a running page.
 * @param {{ production?: boolean, quiet?: boolean, outDir?: string }} [options]
 */
export async function build(options = {}) {
  const production = options.production ?? process.env.NODE_ENV !== 'development';
  const out = options.outDir ?? outDir;
  await rm(out, { recursive: true, force: true });
  await copyStatic(out);
  const results = await Promise.all(contexts(production, await workerEntries(), out).map((c) => esbuild.build(c)));
  const sizes = report(results, out);
  if (!options.quiet) {
    for (const [file, bytes] of sizes) console.log(`${(bytes / 1024).toFixed(1).padStart(9)} kB  ${file}`);
  }
  return { outDir: out, sizes };
}

/** Rebuilds on change until the process ends. */
export async function watch() {
  await rm(outDir, { recursive: true, force: true });
  await copyStatic(outDir);
  const ctxs = await Promise.all(contexts(false, await workerEntries(), outDir).map((c) => esbuild.context(c)));
  await Promise.all(ctxs.map((c) => c.watch()));
  // index.html and assets/ are outside esbuild's graph: poll them cheaply.
  let last = 0;
  setInterval(async () => {
    const t = (await stat(join(root, 'index.html'))).mtimeMs;
    if (t !== last) {
      last = t;
      await copyStatic(outDir);
    }
  }, 1000);
  console.log(`watching; output in ${relative(root, outDir)}/`);
}

const invokedDirectly = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (invokedDirectly) {
  if (process.argv.includes('--watch')) await watch();
  else await build();
}
