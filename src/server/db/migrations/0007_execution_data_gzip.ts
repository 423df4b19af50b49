// Large run data stored compressed (issue 14): writing a 10 MB text row held the server's event
// loop 50–120 ms in SQLite (node:sqlite is synchronous), reading it 20–80 ms. Run data of
// PACK_MIN_CHARS or more is gzipped off the event loop (zlib's thread pool) and kept here, with
// `data` left empty; smaller data stays readable text in `data`.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('execution_data').addColumn('dataGzip', 'blob').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('execution_data').dropColumn('dataGzip').execute();
}
