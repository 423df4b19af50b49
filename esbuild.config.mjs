// Builds the editor into dist/editor/:
//   assets/main-<hash>.js + .css (+ chunks)    from src/app/main.tsx; index.html names them
//   assets/monaco/…                            the code editor, loaded only when a code parameter opens
//   workers/<name>.js                          from workers/<name>.worker.ts
//   index.html, fonts and other static files from the repo root / assets/
// `node esbuild.config.mjs` builds once (production unless NODE_ENV=development),
// `--watch` rebuilds on change. `build()` is exported for scripts/start.mjs.
import * as esbuild from 'esbuild';
import { cp, mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));

/** package.json's repository as a browsable https URL ('' when there is none). */
function repositoryUrl(repo) {
  const raw = typeof repo === 'string' ? repo : repo?.url ?? '';
  const url = raw.replace(/^git\+/, '').replace(/\.git$/, '').replace(/^git:\/\//, 'https://').replace(/^github:/, 'https://github.com/');
  return /^https:\/\//.test(url) ? url : '';
}
export const outDir = join(root, 'dist', 'editor');

/**
 * The source this build was made from, for the About dialog's source-code link when package.json
 * names no repository: the checkout's HEAD commit, archived by git into static/ (tracked files
 * only, as committed). '' outside a git checkout.
 */
const sourceCommit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return '';
  }
})();
const sourceArchiveName = sourceCommit ? `switchyard-source-${sourceCommit}.tar.gz` : '';

async function writeSourceArchive(out) {
  if (!sourceArchiveName) return;
  const file = join(out, 'static', sourceArchiveName);
  if (existsSync(file)) return;
  try {
    execFileSync('git', ['archive', '--format=tar.gz', '--prefix=switchyard/', '-o', file, sourceCommit], { cwd: root, stdio: 'ignore' });
  } catch (e) {
    await rm(file, { force: true });
    console.warn(`source archive not written (${e.message}); the About dialog says the source is not published`);
  }
}

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

/** The static assets folder (fonts, icons) and LICENSE are copied as they are; index.html is written by indexHtml. */
async function copyStatic(out) {
  await mkdir(join(out, 'static'), { recursive: true });
  await cp(join(root, 'LICENSE'), join(out, 'static', 'LICENSE.txt'));
  await writeSourceArchive(out);
  // assets/ also holds TypeScript tables (icons.ts) that are bundled, not served.
  const assets = join(root, 'assets');
  const isStatic = (src) => !/\.(ts|tsx|mts)$/.test(src);
  if (existsSync(assets) && (await readdir(assets)).some(isStatic)) {
    await cp(assets, join(out, 'static'), { recursive: true, filter: isStatic });
  }
}

/**
 * index.html with the app's hashed file names (so a browser may keep them for good: see
 * src/server/editor.ts) and a modulepreload link for every chunk the app imports before it runs,
 * fetched with main.js instead of after it has been parsed.
 */
/**
 * Canvas views whose chunks a page opened at their address preloads with main.js. Only the demo
 * view, which a template page frames and which has nothing else to wait for (bench templates:
 * cold template page 570 -> 545 ms). The editor and the wall wait for their data first, and their
 * ~20 preloaded chunks delayed main.js and the startup requests (bench editor-open: 1,000 nodes
 * 748 -> 818 ms, 10,000 nodes 1,086 -> 1,260 ms).
 */
const VIEW_SOURCES = {
  demo: 'src/app/views/WorkflowDemoView.tsx',
};

async function writeIndexHtml(metafile, out) {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((f) => f.endsWith('.js') && outputs[f].entryPoint?.endsWith('src/app/main.tsx'));
  if (!entry) return;
  const href = (f) => relative(out, join(root, f)).split('\\').join('/');
  const preload = new Set();
  const walk = (f) => {
    for (const i of outputs[f]?.imports ?? []) {
      if (i.kind !== 'import-statement' || preload.has(i.path)) continue;
      preload.add(i.path);
      walk(i.path);
    }
  };
  walk(entry);
  const css = outputs[entry].cssBundle;
  // Views loaded on demand (src/app/views/lazyViews.ts) get their own CSS bundle, which nothing
  // loads: their styles must also be in main.css (imported by a module the app loads at start).
  const inMain = new Set(Object.keys(css ? outputs[css].inputs : {}));
  for (const [file, o] of Object.entries(outputs)) {
    if (!o.cssBundle || file === entry) continue;
    const missing = Object.keys(outputs[o.cssBundle].inputs).filter((i) => !inMain.has(i));
    if (missing.length) throw new Error(`${missing.join(', ')}: imported only by ${o.entryPoint}, which loads on demand; import it (too) from a module that main.tsx loads at start, so that main.css has it`);
  }
  let html = await readFile(join(root, 'index.html'), 'utf8');
  // The canvas views load on demand; a page opened at the address of one in VIEW_SOURCES preloads
  // its chunks (and the renderer's, and Pixi's browser extensions it imports as it starts) with
  // main.js, instead of in a waterfall after main.js has run: index.html's script picks the list.
  const byEntry = new Map(Object.entries(outputs).filter(([f, o]) => o.entryPoint && f.endsWith('.js')).map(([f, o]) => [o.entryPoint, f]));
  const closure = (sources) => {
    const set = new Set();
    const add = (f) => {
      if (!f || f === entry || preload.has(f) || set.has(f)) return;
      set.add(f);
      for (const i of outputs[f]?.imports ?? []) if (i.kind === 'import-statement') add(i.path);
    };
    for (const src of sources) add(byEntry.get(src));
    return [...set].map(href);
  };
  const common = ['src/canvas/createRenderer.ts', 'node_modules/pixi.js/lib/environment-browser/browserAll.mjs'];
  const views = Object.fromEntries(Object.entries(VIEW_SOURCES).map(([k, src]) => [k, closure([src, ...common])]));
  html = html.replace('{ "__SWITCHYARD_VIEW_CHUNKS__": 0 }', JSON.stringify(views));
  // The templates host calls index.html sends early carry the version header, as the app's do.
  html = html.replace('"__SWITCHYARD_VERSION__"', JSON.stringify(pkg.version ?? ''));
  html = html.replace('href="assets/main.css"', `href="${css ? href(css) : 'assets/main.css'}"`);
  html = html.replace(
    /<script type="module" src="assets\/main\.js"><\/script>/,
    [`<script type="module" src="${href(entry)}"></script>`, ...[...preload].map((p) => `<link rel="modulepreload" href="${href(p)}" />`)].join('\n    '),
  );
  await writeFile(join(out, 'index.html'), html);
}

/**
 * Pixi's canvas-renderer helpers test at import whether a 2D canvas can 'multiply' blend: a
 * getImageData, which waits for the GPU process (50–460 ms measured on the CPU-only machine, in
 * every page that loads the app, the gallery's too). Switchyard draws with WebGL; the test now
 * runs when the canvas renderer first asks for it. Unpatched (a warning) if Pixi's text changes.
 */
function lazyPixiCanvasTest() {
  return {
    name: 'lazy-pixi-canvas-test',
    setup(b) {
      b.onLoad({ filter: /pixi\.js[\\/]lib[\\/]rendering[\\/]renderers[\\/]canvas[\\/]utils[\\/]canvasUtils\.mjs$/ }, async (args) => {
        const text = await readFile(args.path, 'utf8');
        const eager = '  canUseMultiply: canUseNewCanvasBlendModes(),';
        const tint = 'canvasUtils.tintMethod = canvasUtils.canUseMultiply ? canvasUtils.tintWithMultiply : canvasUtils.tintWithPerPixel;';
        if (!text.includes(eager) || !text.includes(tint)) {
          return { contents: text, loader: 'js', warnings: [{ text: 'pixi.js canvasUtils changed: its import-time blend test is not deferred' }] };
        }
        const own = (value) => `Object.defineProperty(canvasUtils, 'tintMethod', { value: ${value}, writable: true, configurable: true, enumerable: true })`;
        const contents = text
          .replace(eager, '  get canUseMultiply() { return canUseNewCanvasBlendModes(); },')
          .replace(
            tint,
            `Object.defineProperty(canvasUtils, 'tintMethod', { configurable: true, enumerable: true, get() { ${own('canvasUtils.canUseMultiply ? canvasUtils.tintWithMultiply : canvasUtils.tintWithPerPixel')}; return canvasUtils.tintMethod; }, set(v) { ${own('v')}; } });`,
          );
        return { contents, loader: 'js' };
      });
    },
  };
}

/** The app build's last metafile per output folder (watch rewrites index.html from it). */
const lastAppMeta = new Map();

function indexHtmlPlugin(out) {
  return {
    name: 'index-html',
    setup(b) {
      b.onEnd(async (result) => {
        if (!result.metafile) return;
        lastAppMeta.set(out, result.metafile);
        await writeIndexHtml(result.metafile, out);
      });
    },
  };
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
    define: {
      'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
      // The About dialog's licence and source-code rows (package.json's own fields).
      __SWITCHYARD_LICENSE__: JSON.stringify(pkg.license ?? ''),
      __SWITCHYARD_REPOSITORY__: JSON.stringify(repositoryUrl(pkg.repository)),
      __SWITCHYARD_SOURCE_ARCHIVE__: JSON.stringify(sourceArchiveName),
      __SWITCHYARD_SOURCE_COMMIT__: JSON.stringify(sourceCommit),
    },
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
    entryNames: '[name]-[hash]',
    plugins: [lazyPixiCanvasTest(), indexHtmlPlugin(out)],
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
      if (lastAppMeta.has(outDir)) await writeIndexHtml(lastAppMeta.get(outDir), outDir);
    }
  }, 1000);
  console.log(`watching; output in ${relative(root, outDir)}/`);
}

const invokedDirectly = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (invokedDirectly) {
  if (process.argv.includes('--watch')) await watch();
  else await build();
}
