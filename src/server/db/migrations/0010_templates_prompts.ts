// Issue 17: how often each template of the instance's own templates host was opened (its
// "views"), and the answers users give to the value survey, the contact prompt and the onboarding
// call modal (personalization answers stay on the user row, as n8n keeps them).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('template_views')
    .addColumn('templateId', 'integer', (c) => c.primaryKey())
    .addColumn('views', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('prompt_answers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('userId', 'text')
    .addColumn('email', 'text')
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_prompt_answers_kind_created').on('prompt_answers').columns(['kind', 'createdAt']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('prompt_answers').execute();
  await db.schema.dropTable('template_views').execute();
}
