// Executions log at scale (issue 12): the error message of a failed execution on its summary row,
// so the list shows why a run failed (or why its data could not be saved) without reading its
// run data; and an index for pruning by count and for the list filtered by workflow and status
// (the dialog's two filters together) without scanning every row of the workflow.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('executions').addColumn('errorMessage', 'text').execute();
  await db.schema.createIndex('idx_executions_workflow_status').on('executions').columns(['workflowId', 'status', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('idx_executions_workflow_status').execute();
  await db.schema.alterTable('executions').dropColumn('errorMessage').execute();
}
