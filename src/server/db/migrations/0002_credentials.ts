// Credentials (spec 002 §3): data and oauthTokenData hold AES-256-GCM ciphertext (see
// src/server/credentials/cipher.ts), never plain JSON; nodesAccess is JSON text.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('credentials')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('type', 'varchar(128)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('nodesAccess', 'text', (c) => c.notNull())
    .addColumn('oauthTokenData', 'text')
    .addColumn('createdAt', 'varchar(30)', (c) => c.notNull())
    .addColumn('updatedAt', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_credentials_type_name').on('credentials').columns(['type', 'name']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('credentials').execute();
}
