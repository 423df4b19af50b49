// n8n workflow fields that have no column of their own (description, nodeGroups,
// sourceWorkflowId, externalId: see rest/schemas.ts extraWorkflowFields), kept as one JSON
// object so an imported workflow exports with them (issue 10). NULL = none were sent.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('workflows').addColumn('extra', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('workflows').dropColumn('extra').execute();
}
