// Deduplication history kept across executions and restarts (table processed_data), the
// server's ProcessedDataStore for the engine (RunOptions.processedDataStore).
import type { Kysely } from 'kysely';
import type { ProcessedDataStore, ProcessedDataValue } from '../../../engine/index.ts';
import type { Database } from '../schema.ts';

export class ProcessedDataRepository implements ProcessedDataStore {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async get(workflowId: string, context: string): Promise<ProcessedDataValue | undefined> {
    const row = await this.#db
      .selectFrom('processed_data')
      .select('value')
      .where('workflowId', '=', workflowId)
      .where('context', '=', context)
      .executeTakeFirst();
    return row ? (JSON.parse(row.value) as ProcessedDataValue) : undefined;
  }

  async set(workflowId: string, context: string, value: ProcessedDataValue): Promise<void> {
    const text = JSON.stringify(value);
    const now = new Date().toISOString();
    await this.#db
      .insertInto('processed_data')
      .values({ workflowId, context, value: text, createdAt: now, updatedAt: now })
      .onConflict((oc) => oc.columns(['workflowId', 'context']).doUpdateSet({ value: text, updatedAt: now }))
      .execute();
  }

  async delete(workflowId: string, context: string): Promise<void> {
    await this.#db.deleteFrom('processed_data').where('workflowId', '=', workflowId).where('context', '=', context).execute();
  }

  /** The history of one stored workflow, bound to its id whatever id the run's copy carries. */
  forWorkflow(workflowId: string): ProcessedDataStore {
    return {
      get: (_id, context) => this.get(workflowId, context),
      set: (_id, context, value) => this.set(workflowId, context, value),
      delete: (_id, context) => this.delete(workflowId, context),
    };
  }
}
