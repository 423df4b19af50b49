// `npm run serve` / scripts/start.mjs (main), `npm run worker`, `npm run webhook` (queue mode):
// read the configuration, open (and migrate) the database in the data folder, listen, and shut
// down gracefully on SIGINT/SIGTERM. The role is the first argument (main by default).
import { setFlagsFromString } from 'node:v8';
import { ConfigError, loadConfig } from './config.ts';
import { createServer, type ProcessRole } from './app.ts';

const ROLES: ProcessRole[] = ['main', 'worker', 'webhook'];
const role = (process.argv[2] ?? 'main') as ProcessRole;
if (!ROLES.includes(role)) {
  console.error(`Switchyard cannot start: unknown process "${role}" (main, worker or webhook)`);
  process.exit(1);
}

// V8 allocation-site pretenuring is off: under concurrent webhook calls it moved a per-call
// allocation into old space, where each dead copy kept its run's young objects alive until a full
// GC (~3 MB promoted per scavenge, 10–15 ms scavenges: the webhook p99). Off, ~36 KB and ~1.5 ms.
// Set here so that every way of starting the server (npm start, npm run serve, the benches) has it.
setFlagsFromString('--no-allocation-site-pretenuring');

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Switchyard cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  if (role !== 'main' && config.executionsMode !== 'queue') {
    console.error(`Switchyard cannot start: a ${role} process runs in queue mode only; set SWITCHYARD_EXECUTIONS_MODE=queue (and the SWITCHYARD_QUEUE_BULL_REDIS_* settings) for it and for the main process`);
    process.exit(1);
  }
  const server = await createServer(config, { role });
  let stoppingSince = 0;
  const stop = (signal: string) => {
    if (stoppingSince) {
      // Ctrl+C reaches both npm start's wrapper and us, which forwards it: a repeat within a
      // second is that echo. A later one means "now": skip waiting for executions.
      if (Date.now() - stoppingSince < 1000) return;
      console.error(`Received ${signal} again; exiting without waiting for running executions`);
      process.exit(1);
    }
    stoppingSince = Date.now();
    server.app.log.info({ signal, gracefulShutdownTimeout: config.gracefulShutdownTimeout }, 'shutting down: running executions get SWITCHYARD_GRACEFUL_SHUTDOWN_TIMEOUT seconds to finish');
    // A last resort if something holds the close open (executions get the timeout, then 5 s to
    // stop; connections are closed after them): exit rather than hang.
    const deadlineSeconds = config.gracefulShutdownTimeout + 20;
    setTimeout(() => {
      console.error(`Shutdown did not finish ${deadlineSeconds} s after ${signal}; exiting`);
      process.exit(1);
    }, deadlineSeconds * 1000).unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  try {
    const url = await server.listen();
    console.log(role === 'main' ? `Switchyard is running at ${url}` : `Switchyard ${role} is running (health: ${url.replace(/\/$/, '')}/healthz)`);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'EADDRINUSE'
        ? `port ${config.port} on ${config.host} is already in use (set SWITCHYARD_PORT to another port)`
        : code === 'EACCES'
          ? `no permission to listen on ${config.host}:${config.port}`
          : (error as Error).message;
    console.error(`Switchyard cannot start: ${reason}`);
    await server.close();
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error('Switchyard cannot start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
