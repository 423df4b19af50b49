// Which database a Kysely instance talks to, for the few places where SQLite and PostgreSQL need
// different SQL (row locks, column types). Everything else is written once with Kysely's
// builder and runs on both.
import {
  DataTypeNode,
  OperationNodeTransformer,
  PostgresAdapter,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export function isPostgres(db: Kysely<any>): boolean {
  return dialectOf(db) === 'postgres';
}

class PostgresTypes extends OperationNodeTransformer {
  protected override transformDataType(node: DataTypeNode): DataTypeNode {
    // SQLite has no blob-vs-bytea question: PostgreSQL calls binary data bytea.
    if (node.dataType === 'blob') return DataTypeNode.create('bytea');
    // SQLite never enforced a declared length, and the REST schemas allow longer values than
    // some columns declare (a workflow id up to 64 characters in varchar(36)): PostgreSQL keeps
    // the column a varchar without the limit, so both accept what the other does.
    if (/^varchar\(\d+\)$/.test(node.dataType)) return DataTypeNode.create('varchar');
    return node;
  }
}

/**
 * The migrations (written once, in SQLite's types) as PostgreSQL needs them: blob becomes bytea,
 * varchar(n) an unbounded varchar. Used by migrate() on PostgreSQL only.
 */
export class PostgresColumnTypesPlugin implements KyselyPlugin {
  readonly #transformer = new PostgresTypes();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node, args.queryId);
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
