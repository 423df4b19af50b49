// `npm start`: build the editor (esbuild.config.mjs), then run the server (src/server/main.ts)
// with this same Node (24, which runs TypeScript directly). Signals go to the server, which
// shuts down gracefully; its exit code becomes ours.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const buildConfig = join(root, 'esbuild.config.mjs');

if (existsSync(buildConfig)) {
  console.log('Building the editor …');
  const t0 = Date.now();
  try {
    const { build } = await import(pathToFileURL(buildConfig).href);
    await build({ quiet: true });
  } catch (error) {
    console.error(`The editor build failed: ${error instanceof Error ? error.message : error}`);
    console.error('Fix the build (npm run build shows the details), or start the server alone with npm run serve.');
    process.exit(1);
  }
  console.log(`Editor built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
} else {
  console.warn('esbuild.config.mjs not found: starting the server without building the editor.');
}

const server = spawn(process.execPath, [join(root, 'src', 'server', 'main.ts')], { cwd: root, stdio: 'inherit' });

for (const signal of ['SIGINT', 'SIGTERM']) {
  // The child gets SIGINT from the terminal as well; forwarding matters for SIGTERM from a
  // supervisor. Either way we wait for the server to exit.
  process.on(signal, () => server.kill(signal));
}

// `npm start` killed with SIGTERM exits at once without passing the signal on: we are left
// with a new parent, and shut the server down as if we had been signalled.
const parent = process.ppid;
const orphaned = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(orphaned);
  server.kill('SIGTERM');
}, 500);
orphaned.unref();

server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
server.on('error', (error) => {
  console.error(`Could not start the server: ${error.message}`);
  process.exit(1);
});
