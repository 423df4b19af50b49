// Queue mode (issue 16): what a queued execution is to start with (its trigger data, pinned data,
// start nodes …), kept in the database beside its 'new' execution row rather than only in Redis,
// so a Redis restart loses no queued execution: the main process queues again whatever is here.
// A worker takes (deletes) the row as the run begins; a job whose row is gone was begun before.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('queued_starts')
    .addColumn('executionId', 'integer', (c) => c.primaryKey())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('queued_starts').execute();
}
