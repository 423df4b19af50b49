// The ordered list of migrations. Static imports rather than a folder scan, so the list is the
// same under type stripping, bundling and tests. Add new ones as 0002_…, never edit old ones.
import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_initial.ts';
import * as m0002 from './0002_credentials.ts';
import * as m0003 from './0003_processed_data.ts';
import * as m0004 from './0004_accounts.ts';
import * as m0005 from './0005_workflow_extra.ts';
import * as m0006 from './0006_execution_error_message.ts';
import * as m0007 from './0007_execution_data_gzip.ts';
import * as m0008 from './0008_installed_packages.ts';
import * as m0009 from './0009_queued_starts.ts';
import * as m0010 from './0010_templates_prompts.ts';
import * as m0011 from './0011_wall_tokens.ts';

const MIGRATIONS: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_credentials': m0002,
  '0003_processed_data': m0003,
  '0004_accounts': m0004,
  '0005_workflow_extra': m0005,
  '0006_execution_error_message': m0006,
  '0007_execution_data_gzip': m0007,
  '0008_installed_packages': m0008,
  '0009_queued_starts': m0009,
  '0010_templates_prompts': m0010,
  '0011_wall_tokens': m0011,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return MIGRATIONS;
  },
};
