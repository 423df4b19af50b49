// Community node packages installed through Settings → Community nodes (issue 15), as n8n keeps
// them: the package with its version and author, and the node types it brought.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('installed_packages')
    .addColumn('packageName', 'text', (c) => c.primaryKey())
    .addColumn('installedVersion', 'text', (c) => c.notNull())
    .addColumn('authorName', 'text')
    .addColumn('authorEmail', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('installed_nodes')
    .addColumn('type', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('latestVersion', 'real', (c) => c.notNull())
    .addColumn('package', 'text', (c) => c.notNull().references('installed_packages.packageName').onDelete('cascade'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('installed_nodes').execute();
  await db.schema.dropTable('installed_packages').execute();
}
