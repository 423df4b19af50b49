// Initial schema. Written with Kysely's schema builder only (no SQLite-specific SQL) so the same
// migration runs on PostgreSQL. Execution ids are integers allocated by the server in blocks
// (see repositories/executionIds.ts), so the column is a plain integer primary key.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('workflows')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('nodes', 'text', (c) => c.notNull())
    .addColumn('connections', 'text', (c) => c.notNull())
    .addColumn('settings', 'text')
    .addColumn('pinData', 'text')
    .addColumn('staticData', 'text')
    .addColumn('meta', 'text')
    .addColumn('versionId', 'varchar(36)', (c) => c.notNull())
    .addColumn('createdAt', 'varchar(30)', (c) => c.notNull())
    .addColumn('updatedAt', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_workflows_name').on('workflows').column('name').execute();

  await db.schema
    .createTable('tags')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('createdAt', 'varchar(30)', (c) => c.notNull())
    .addColumn('updatedAt', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('workflow_tags')
    .addColumn('workflowId', 'varchar(36)', (c) => c.notNull().references('workflows.id').onDelete('cascade'))
    .addColumn('tagId', 'varchar(36)', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('pk_workflow_tags', ['workflowId', 'tagId'])
    .execute();
  await db.schema.createIndex('idx_workflow_tags_tag').on('workflow_tags').column('tagId').execute();

  await db.schema
    .createTable('executions')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('workflowId', 'varchar(36)', (c) => c.references('workflows.id').onDelete('cascade'))
    .addColumn('workflowName', 'varchar(128)')
    .addColumn('mode', 'varchar(20)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('finished', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('startedAt', 'varchar(30)', (c) => c.notNull())
    .addColumn('stoppedAt', 'varchar(30)')
    .addColumn('waitTill', 'varchar(30)')
    .addColumn('retryOf', 'varchar(36)')
    .addColumn('retrySuccessId', 'varchar(36)')
    .execute();
  await db.schema.createIndex('idx_executions_workflow').on('executions').columns(['workflowId', 'id']).execute();
  await db.schema.createIndex('idx_executions_status').on('executions').columns(['status', 'id']).execute();
  await db.schema.createIndex('idx_executions_wait_till').on('executions').column('waitTill').execute();
  await db.schema.createIndex('idx_executions_started_at').on('executions').column('startedAt').execute();

  await db.schema
    .createTable('execution_data')
    .addColumn('executionId', 'integer', (c) => c.primaryKey().references('executions.id').onDelete('cascade'))
    .addColumn('workflowData', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.unique())
    .addColumn('firstName', 'varchar(32)')
    .addColumn('lastName', 'varchar(32)')
    .addColumn('password', 'varchar(255)')
    .addColumn('role', 'varchar(20)', (c) => c.notNull())
    .addColumn('personalizationAnswers', 'text')
    .addColumn('createdAt', 'varchar(30)', (c) => c.notNull())
    .addColumn('updatedAt', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('loadOnStartup', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['settings', 'users', 'execution_data', 'executions', 'workflow_tags', 'tags', 'workflows']) {
    await db.schema.dropTable(table).execute();
  }
}
