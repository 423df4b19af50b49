// Child process of tests/e2e/globalSetup.ts: the real server (createServer, as src/server/main.ts
// builds it) serving the editor build of this test run (SWITCHYARD_E2E_DIST), so a rebuild of
// dist/editor by someone else cannot swap chunks under a running test page.
import { loadConfig } from '../../src/server/config.ts';
import { createServer } from '../../src/server/app.ts';

const distDir = process.env.SWITCHYARD_E2E_DIST;
if (!distDir) throw new Error('SWITCHYARD_E2E_DIST is not set');
const server = await createServer(loadConfig(process.env), { distDir });
const url = await server.listen();
console.log(`Switchyard is running at ${url}`);
const stop = () => server.close().then(() => process.exit(0), () => process.exit(1));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
