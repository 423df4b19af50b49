// vitest globalSetup: with SWITCHYARD_TEST_DB=postgres (and no SWITCHYARD_TEST_PG_URL), one
// temporary PostgreSQL cluster for the whole run, given to the test files as
// inject('switchyardTestPgUrl'); stopped and removed after the run. Nothing otherwise.
import type { TestProject } from 'vitest/node';
import { startPostgres, type DatabaseServer } from './databases.ts';

let server: DatabaseServer | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!/^postgres/i.test((process.env.SWITCHYARD_TEST_DB ?? '').trim()) || process.env.SWITCHYARD_TEST_PG_URL) return async () => {};
  server = await startPostgres({ database: 'switchyard_tests' });
  const url = `postgres://${encodeURIComponent(server.user)}:${encodeURIComponent(server.password)}@${server.host}:${server.port}/${server.database}`;
  project.provide('switchyardTestPgUrl' as never, url as never);
  return async () => {
    await server?.stop();
  };
}
