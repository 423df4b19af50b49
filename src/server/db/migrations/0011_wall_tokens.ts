// Issue 18: read-only wall tokens for operations-room screens (kiosks without a keyboard). Only
// the token's sha256 is stored; workflowIds is a JSON array of the workflows it may show.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('wall_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('workflowIds', 'text', (c) => c.notNull())
    .addColumn('tokenHash', 'text', (c) => c.notNull())
    .addColumn('createdBy', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_wall_tokens_hash').on('wall_tokens').column('tokenHash').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('wall_tokens').execute();
}
