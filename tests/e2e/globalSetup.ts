// Builds the editor into a temporary folder, then starts the real server (createServer, in the
// child process tests/e2e/startServer.ts) on a free port of 127.0.0.1 with a temporary data
// folder, under a non-root base path so that every spec also checks base-path handling.
// Specs read the editor URL from SWITCHYARD_E2E_URL. The returned function stops the server.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..', '..');
export const E2E_BASE_PATH = '/switchyard/';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-e2e-'));
  const distDir = join(dataDir, 'editor');
  const { build } = (await import(pathToFileURL(join(root, 'esbuild.config.mjs')).href)) as { build: (o: { quiet: boolean; outDir: string }) => Promise<unknown> };
  await build({ quiet: true, outDir: distDir });

  const node = join(root, 'node_modules', '.bin', 'node');
  const child = spawn(node, [join(root, 'tests', 'e2e', 'startServer.ts')], {
    cwd: root,
    env: {
      ...process.env,
      SWITCHYARD_PORT: '0',
      SWITCHYARD_HOST: '127.0.0.1',
      SWITCHYARD_DATA_DIR: join(dataDir, 'data'),
      SWITCHYARD_E2E_DIST: distDir,
      SWITCHYARD_BASE_PATH: E2E_BASE_PATH,
      SWITCHYARD_LOG_LEVEL: 'warn',
      // The journey opens its run again on the execution route.
      SWITCHYARD_EXECUTIONS_DATA_SAVE_MANUAL: 'true',
      // Surveys and prompts would open over other tests' pages: tests/e2e/surveys.spec.ts turns them on.
      SWITCHYARD_PERSONALIZATION_ENABLED: 'false',
      SWITCHYARD_PROMPTS_ENABLED: 'false',
      SWITCHYARD_ONBOARDING_CALL_PROMPT_ENABLED: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start within 30 s:\n${log}`)), 30_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const m = /running at (http:\/\/\S+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolveUrl(m[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited with code ${code}:\n${log}`));
    });
  });
  // The shared server runs without accounts (setup skipped, as a loopback instance allows), so
  // the editor specs open the editor directly; the account specs start servers of their own.
  const skipped = await fetch(`${url}rest/owner/skip-setup`, { method: 'POST', headers: { origin: new URL(url).origin } });
  if (!skipped.ok) throw new Error(`Skipping the owner setup failed: ${skipped.status} ${await skipped.text()}`);
  process.env.SWITCHYARD_E2E_URL = url;
  process.env.SWITCHYARD_E2E_DATA_DIR = dataDir;

  return async () => {
    child.removeAllListeners('exit');
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
}
