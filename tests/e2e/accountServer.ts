// A server of a spec's own, for specs that need accounts: the shared server of globalSetup.ts
// runs without an owner (setup skipped) and must stay that way for the other specs. This starts
// the real server (tests/e2e/startServer.ts, a child process) on a free port of 127.0.0.1 with a
// fresh data folder, serving the editor build of this run, under a base path, and mailing
// through a real SMTP server on 127.0.0.1 that keeps every message (tests/server/mailbox.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startMailbox, type Mailbox } from '../server/mailbox.ts';

export { linkIn, type Mailbox, type ReceivedMail } from '../server/mailbox.ts';

const root = resolve(import.meta.dirname, '..', '..');

export interface AccountServer {
  /** The editor's address, ending with the base path and '/' (e.g. http://127.0.0.1:4321/switchyard/). */
  url: string;
  /** Every mail the server sent (undefined when started with `smtp: false`). */
  mailbox: Mailbox | undefined;
  /** What the server wrote to stdout and stderr so far. */
  log(): string;
  /** Stops the server and the SMTP server and removes the data folder. */
  stop(): Promise<void>;
}

export interface AccountServerOptions {
  /** Default '/switchyard/', as the shared server. */
  basePath?: string;
  /** Start an SMTP server and point the instance at it (default true). */
  smtp?: boolean;
  /** More SWITCHYARD_* settings. */
  env?: Record<string, string>;
}

/** The editor build globalSetup.ts made for this run. */
function sharedBuild(): string {
  const dataDir = process.env.SWITCHYARD_E2E_DATA_DIR;
  if (!dataDir) throw new Error('SWITCHYARD_E2E_DATA_DIR is not set: run through playwright.config.ts (globalSetup builds the editor)');
  return join(dataDir, 'editor');
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

export async function startAccountServer(options: AccountServerOptions = {}): Promise<AccountServer> {
  const mailbox = options.smtp === false ? undefined : await startMailbox();
  const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-e2e-accounts-'));
  const child = spawn(join(root, 'node_modules', '.bin', 'node'), [join(root, 'tests', 'e2e', 'startServer.ts')], {
    cwd: root,
    env: {
      ...process.env,
      SWITCHYARD_PORT: '0',
      SWITCHYARD_HOST: '127.0.0.1',
      SWITCHYARD_DATA_DIR: join(dataDir, 'data'),
      SWITCHYARD_E2E_DIST: sharedBuild(),
      SWITCHYARD_BASE_PATH: options.basePath ?? '/switchyard/',
      SWITCHYARD_LOG_LEVEL: 'warn',
      ...(mailbox?.env ?? {}),
      // Surveys and prompts would open over other tests' pages: tests/e2e/surveys.spec.ts turns them on.
      SWITCHYARD_PERSONALIZATION_ENABLED: 'false',
      SWITCHYARD_PROMPTS_ENABLED: 'false',
      SWITCHYARD_ONBOARDING_CALL_PROMPT_ENABLED: 'false',
      ...(options.env ?? {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const cleanUp = async () => {
    await stopChild(child);
    await mailbox?.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const url = await new Promise<string>((resolveUrl, reject) => {
      const timer = setTimeout(() => reject(new Error(`The account server did not start within 30 s:\n${log}`)), 30_000);
      const onData = (chunk: Buffer) => {
        log += chunk.toString();
        const m = /running at (http:\/\/\S+)/.exec(log);
        if (m) {
          clearTimeout(timer);
          resolveUrl(m[1]!.endsWith('/') ? m[1]! : `${m[1]}/`);
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`The account server exited with code ${code}:\n${log}`));
      });
    });
    return { url, mailbox, log: () => log, stop: cleanUp };
  } catch (e) {
    await cleanUp();
    throw e;
  }
}
