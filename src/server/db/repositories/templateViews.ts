// How often each template of the own templates host was opened (table template_views).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.ts';

export class TemplateViewsRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async all(): Promise<Map<number, number>> {
    const rows = await this.#db.selectFrom('template_views').selectAll().execute();
    return new Map(rows.map((r) => [Number(r.templateId), Number(r.views)]));
  }

  /** One more view of the template; answers the new count. */
  async count(templateId: number): Promise<number> {
    const row = await this.#db
      .insertInto('template_views')
      .values({ templateId, views: 1 })
      .onConflict((oc) => oc.column('templateId').doUpdateSet({ views: sql`template_views.views + 1` }))
      .returning('views')
      .executeTakeFirstOrThrow();
    return Number(row.views);
  }
}
