// Deduplication history (n8n's processed_data): one row per workflow and context ('' for the
// workflow scope, `n:<node id>` for a node's), value = JSON { mode, data } (see
// src/engine/deduplication.ts). Rows go with their workflow.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('processed_data')
    .addColumn('workflowId', 'varchar(36)', (c) => c.notNull().references('workflows.id').onDelete('cascade'))
    .addColumn('context', 'varchar(255)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'varchar(30)', (c) => c.notNull())
    .addColumn('updatedAt', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_processed_data', ['workflowId', 'context'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('processed_data').execute();
}
