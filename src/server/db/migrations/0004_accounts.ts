// Accounts (issue 9, spec 000 §3, §6): sessions, password-recovery tokens and API keys on users,
// invitations (who invited whom), and ownership: every workflow and credential belongs to a
// user, and a manual run of an unsaved workflow remembers who started it. Rows that existed
// before belong to the instance's first user (the default user, who becomes the owner at setup).
import type { Kysely } from 'kysely';
import { newEntityId } from '../repositories/ids.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('invitedBy', 'varchar(36)')
    .execute();
  await db.schema.alterTable('users').addColumn('resetTokenHash', 'varchar(64)').execute();
  await db.schema.alterTable('users').addColumn('resetTokenExpiresAt', 'varchar(30)').execute();
  await db.schema.alterTable('users').addColumn('apiKeyHash', 'varchar(64)').execute();
  await db.schema.alterTable('users').addColumn('apiKey', 'text').execute();
  // The user's own choices (JSON): the agree box of setup and sign-up.
  await db.schema.alterTable('users').addColumn('settings', 'text').execute();
  await db.schema.createIndex('idx_users_api_key_hash').on('users').column('apiKeyHash').unique().execute();

  await db.schema
    .createTable('sessions')
    // sha256 of the cookie's token: a copy of the database holds no usable session.
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('userId', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('createdAt', 'varchar(30)', (c) => c.notNull())
    .addColumn('expiresAt', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sessions_user').on('sessions').column('userId').execute();

  await db.schema.alterTable('workflows').addColumn('ownerId', 'varchar(36)').execute();
  await db.schema.createIndex('idx_workflows_owner').on('workflows').column('ownerId').execute();
  await db.schema.alterTable('credentials').addColumn('ownerId', 'varchar(36)').execute();
  await db.schema.createIndex('idx_credentials_owner').on('credentials').column('ownerId').execute();
  // Whose run of an unsaved workflow it is (a manual run, an inline sub-workflow). A run of a
  // stored workflow leaves it null and belongs to the workflow's owner: a saved webhook execution
  // writes nothing more than before (a user id per row and its index cost ~12 % of the rate).
  await db.schema.alterTable('executions').addColumn('userId', 'varchar(36)').execute();
  await db.schema.createIndex('idx_executions_user').on('executions').columns(['userId', 'id']).where('userId', 'is not', null).execute();

  // The first user owns what exists: the default user (made at first start), or one made now.
  let first = await db.selectFrom('users').select('id').where('role', 'in', ['owner', 'default']).orderBy('createdAt').executeTakeFirst();
  if (!first) {
    const now = new Date().toISOString();
    first = { id: newEntityId() };
    await db
      .insertInto('users')
      .values({ id: first.id, email: null, firstName: null, lastName: null, password: null, role: 'default', personalizationAnswers: null, createdAt: now, updatedAt: now })
      .execute();
  }
  await db.updateTable('workflows').set({ ownerId: first.id }).where('ownerId', 'is', null).execute();
  await db.updateTable('credentials').set({ ownerId: first.id }).where('ownerId', 'is', null).execute();
  await db.updateTable('executions').set({ userId: first.id }).where('userId', 'is', null).where('workflowId', 'is', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropIndex('idx_users_api_key_hash').execute();
  await db.schema.dropIndex('idx_workflows_owner').execute();
  await db.schema.dropIndex('idx_credentials_owner').execute();
  await db.schema.dropIndex('idx_executions_user').execute();
  for (const [table, column] of [
    ['users', 'invitedBy'],
    ['users', 'resetTokenHash'],
    ['users', 'resetTokenExpiresAt'],
    ['users', 'apiKeyHash'],
    ['users', 'apiKey'],
    ['users', 'settings'],
    ['workflows', 'ownerId'],
    ['credentials', 'ownerId'],
    ['executions', 'userId'],
  ] as const) {
    await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
