// Postgres (n8n-nodes-base.postgres): v1 (executeQuery, insert, update) and v2 … 2.6
// (executeQuery with query parameters, insert, update, upsert, select, deleteTable, each with
// query batching single / independently / transaction), over the 'postgres' credential. Queries
// are built and formatted as n8n's (pg-promise's `$1`, `$1:name`, `$1:csv`: pgFormat.ts), run on
// a pooled connection per credential (transport.ts), bounded in what they read back.
import type { IDataObject } from '../../model/workflow.ts';
import type { INodeExecutionData, IPairedItemData } from '../../model/execution.ts';
import type { INodeTypeDescription } from '../../model/nodeTypes.ts';
import { yieldToLoop } from '../../model/yieldToLoop.ts';
import type { ExecuteFunctions, NodeType } from '../types.ts';
import { NodeOperationError } from '../types.ts';
import { postgresV1Properties, postgresV2Properties } from './description.ts';
import { concatQueries, formatQuery, QueryFormatError } from './pgFormat.ts';
import { pgError, rowToJson, withPgSession, type PgSession, type ReadBudget } from './transport.ts';
import { awaitSlowWork } from '../../model/expressions/defer.ts';

type Row = Record<string, unknown>;
interface QueryWithValues {
  query: string;
  values: unknown[];
}

/** Turns rows into items, giving the loop back every ~20 ms for very large results. */
async function rowsToItems(rows: Row[], pairedItem: IPairedItemData | IPairedItemData[], out: INodeExecutionData[]): Promise<void> {
  let t = Date.now();
  for (let i = 0; i < rows.length; i++) {
    out.push({ json: rowToJson(rows[i]!), pairedItem });
    if ((i & 1023) === 1023 && Date.now() - t > 20) {
      await yieldToLoop();
      t = Date.now();
    }
  }
}

function allPaired(n: number): IPairedItemData[] {
  return Array.from({ length: n }, (_, i) => ({ item: i }));
}

const isSelectQuery = (query: string) =>
  query
    .replace(/\/\*.*?\*\//gs, '')
    .replace(/\n/g, '')
    .split(';')
    .filter((s) => s && !s.trim().startsWith('--'))
    .every((s) => s.trim().toLowerCase().startsWith('select'));

function format(ctx: ExecuteFunctions, q: QueryWithValues, itemIndex: number): string {
  try {
    return formatQuery(q.query, q.values);
  } catch (e) {
    if (e instanceof QueryFormatError) throw new NodeOperationError(ctx.getNode(), e.message, { itemIndex, description: `Query: ${q.query}` });
    throw e;
  }
}

function errorItem(items: INodeExecutionData[], message: string, error: NodeOperationError, index: number): INodeExecutionData {
  return { json: { message, item: { ...(items[index]?.json ?? {}) }, error: { message: error.message, description: error.description ?? null } }, pairedItem: { item: index } };
}

/** n8n's configureQueryRunner: the three batching modes, empty results, continueOnFail. */
async function runQueries(ctx: ExecuteFunctions, session: PgSession, queries: QueryWithValues[], items: INodeExecutionData[], mode: string, operation: string, version: number): Promise<INodeExecutionData[]> {
  const node = ctx.getNode();
  const out: INodeExecutionData[] = [];
  if (queries.length === 0) return out;
  const emptyResult = (query: string): IDataObject[] => (version < 2.3 ? (operation === 'select' ? [] : [{ success: true }]) : isSelectQuery(query) ? [] : [{ success: true }]);

  if (mode === 'single' || (mode !== 'transaction' && mode !== 'independently')) {
    try {
      const formatted = queries.map((q, i) => ({ query: format(ctx, q, i), values: [] }));
      const results = await session.run(concatQueries(formatted));
      for (let i = 0; i < results.length; i++) await rowsToItems(results[i]!, { item: Math.min(i, items.length - 1) }, out);
      if (!out.length) {
        const paired = allPaired(queries.length);
        if (version < 2.3) {
          if (operation !== 'select') out.push({ json: { success: true }, pairedItem: paired });
        } else if (!queries.every((q) => isSelectQuery(q.query))) out.push({ json: { success: true }, pairedItem: paired });
      }
    } catch (err) {
      const error = pgError(node, err, queries);
      if (!ctx.continueOnFail()) throw error;
      return [{ json: { message: error.message, error: { message: error.message, description: error.description ?? null } } }];
    }
    return out;
  }

  if (mode === 'transaction') {
    await session.run('BEGIN');
    for (let i = 0; i < queries.length; i++) {
      try {
        const text = format(ctx, queries[i]!, i);
        let rows = (await session.run(text)).flat();
        if (!rows.length) rows = emptyResult(queries[i]!.query) as Row[];
        await rowsToItems(rows, { item: i }, out);
      } catch (err) {
        const error = pgError(node, err, queries, i);
        await session.run('ROLLBACK').catch(() => undefined);
        if (!ctx.continueOnFail()) throw error;
        out.push(errorItem(items, error.message, error, i));
        return out;
      }
    }
    await session.run('COMMIT');
    return out;
  }

  for (let i = 0; i < queries.length; i++) {
    try {
      const text = format(ctx, queries[i]!, i);
      let rows = (await session.run(text)).flat();
      if (!rows.length) rows = emptyResult(queries[i]!.query) as Row[];
      await rowsToItems(rows, { item: i }, out);
    } catch (err) {
      const error = pgError(node, err, queries, i);
      if (!ctx.continueOnFail()) throw error;
      out.push(errorItem(items, error.message, error, i));
    }
  }
  return out;
}

// ---- helpers shared by the table operations ---------------------------------------------------

interface ColumnInfo {
  column_name: string;
  data_type: string;
  is_nullable: string;
  udt_name: string;
}

async function tableSchema(session: PgSession, schema: string, table: string): Promise<ColumnInfo[]> {
  const [rows] = await session.run(formatQuery('SELECT column_name, data_type, is_nullable, udt_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2', [schema, table]));
  return (rows ?? []) as unknown as ColumnInfo[];
}

/** n8n's checkItemAgainstSchema, plus JSON columns taking objects and arrays as JSON text. */
function checkItem(ctx: ExecuteFunctions, item: IDataObject, columns: ColumnInfo[], index: number): IDataObject {
  if (columns.length === 0) return item;
  const byName = new Map(columns.map((c) => [c.column_name, c]));
  const out: IDataObject = {};
  for (const key of Object.keys(item)) {
    const col = byName.get(key);
    if (!col) throw new NodeOperationError(ctx.getNode(), `Column '${key}' does not exist in selected table`, { itemIndex: index });
    let value = item[key];
    if (value === null && col.is_nullable !== 'YES') throw new NodeOperationError(ctx.getNode(), `Column '${key}' is not nullable`, { itemIndex: index });
    if ((col.data_type === 'json' || col.data_type === 'jsonb') && value !== null && typeof value === 'object') value = JSON.stringify(value);
    else if (col.data_type === 'ARRAY' && typeof value === 'string' && value.trim().startsWith('[')) {
      try {
        value = JSON.parse(value) as IDataObject[];
      } catch {
        throw new NodeOperationError(ctx.getNode(), `Column '${key}' is an array, but the value is not a valid array`, { itemIndex: index });
      }
    }
    out[key] = value;
  }
  return out;
}

interface WhereClause {
  column: string;
  condition: string;
  value?: unknown;
}

function addWhere(ctx: ExecuteFunctions, itemIndex: number, query: string, clauses: WhereClause[], values: unknown[], combine: string): [string, unknown[]] {
  if (!clauses.length) return [query, values];
  const combineWith = combine === 'OR' ? 'OR' : 'AND';
  const allowed = new Set(['=', '!=', 'LIKE', '>', '<', '>=', '<=', 'IS NULL', 'IS NOT NULL']);
  let n = values.length + 1;
  const parts: string[] = [];
  const out = [...values];
  clauses.forEach((clause, index) => {
    // A condition left out is n8n's default, 'equal'.
    let condition = clause.condition === 'equal' || clause.condition === undefined || clause.condition === '' ? '=' : clause.condition;
    if (!allowed.has(condition)) throw new NodeOperationError(ctx.getNode(), `Unknown operator "${clause.condition}" in entry ${index + 1} of 'Select Rows'`, { itemIndex });
    let value = clause.value;
    if (['>', '<', '>=', '<='].includes(condition)) {
      const num = Number(value);
      if (Number.isNaN(num)) throw new NodeOperationError(ctx.getNode(), `Operator in entry ${index + 1} of 'Select Rows' works with numbers, but value ${String(value)} is not a number`, { itemIndex });
      value = num;
    }
    if (!clause.column) throw new NodeOperationError(ctx.getNode(), `Entry ${index + 1} of 'Select Rows' has no column`, { itemIndex });
    let part = `$${n++}:name ${condition}`;
    out.push(clause.column);
    if (condition !== 'IS NULL' && condition !== 'IS NOT NULL') {
      part += ` $${n++}`;
      out.push(value ?? null);
    }
    condition = '';
    parts.push(part);
  });
  return [`${query} WHERE ${parts.join(` ${combineWith} `)}`, out];
}

function addSort(query: string, rules: Array<{ column: string; direction: string }>, values: unknown[]): [string, unknown[]] {
  if (!rules.length) return [query, values];
  let n = values.length + 1;
  const out = [...values];
  const parts = rules.map((r) => {
    out.push(r.column);
    return `$${n++}:name ${r.direction === 'DESC' ? 'DESC' : 'ASC'}`;
  });
  return [`${query} ORDER BY ${parts.join(', ')}`, out];
}

function addReturning(query: string, outputColumns: unknown, values: unknown[]): [string, unknown[]] {
  const cols = Array.isArray(outputColumns) ? outputColumns.map(String) : typeof outputColumns === 'string' && outputColumns ? outputColumns.split(',').map((s) => s.trim()) : [];
  if (!cols.length || cols.includes('*')) return [`${query} RETURNING *`, values];
  return [`${query} RETURNING $${values.length + 1}:name`, [...values, cols]];
}

function replaceEmptyStrings(items: INodeExecutionData[], replace: boolean): INodeExecutionData[] {
  if (!replace) return items;
  return items.map((item) => {
    const json = { ...item.json };
    for (const key of Object.keys(json)) if (json[key] === '') json[key] = null;
    return { ...item, json };
  });
}

function prepareItem(values: IDataObject[] | undefined): IDataObject {
  const item: IDataObject = {};
  for (const { column, value } of values ?? []) item[String(column)] = value as IDataObject;
  return item;
}

function str(ctx: ExecuteFunctions, name: string, i: number, fallback?: unknown): string {
  return String(ctx.getNodeParameter(name, i, fallback, { extractValue: true }) ?? '');
}

function tableName(ctx: ExecuteFunctions, i: number): { schema: string; table: string } {
  const schema = str(ctx, 'schema', i, 'public') || 'public';
  const table = str(ctx, 'table', i, '');
  if (!table) throw new NodeOperationError(ctx.getNode(), 'No table given', { itemIndex: i, description: "Set 'Table' to the table to work on" });
  return { schema, table };
}

// ---- v2 operations --------------------------------------------------------------------------

/**
 * n8n evaluates `{{ … }}` in a query written without the leading '=' too (getResolvables): each
 * is replaced by its value as text. A query that is an expression was resolved already, and
 * its result is not evaluated again (data must never become an expression).
 */
export function resolveResolvables(ctx: ExecuteFunctions, query: string, i: number): string {
  const raw = ctx.getNode().parameters.query;
  if (typeof raw !== 'string' || raw.startsWith('=') || !raw.includes('{{')) return query;
  return query.replace(/\{\{[\s\S]*?\}\}/g, (r) => {
    const v = ctx.evaluateExpression(`=${r}`, i);
    return v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v ?? '');
  });
}

/** n8n's 'Query Parameters': comma-separated values, each expression evaluated on its own. */
function queryReplacements(ctx: ExecuteFunctions, i: number): unknown[] {
  const resolved = ctx.getNodeParameter('options.queryReplacement', i, '');
  if (Array.isArray(resolved)) return resolved;
  if (typeof resolved !== 'string' && typeof resolved !== 'number' && typeof resolved !== 'boolean') {
    throw new NodeOperationError(ctx.getNode(), 'Query Parameters must be a string of comma-separated values or an array of values', { itemIndex: i });
  }
  const raw = ((ctx.getNode().parameters.options as IDataObject | undefined)?.queryReplacement ?? '') as unknown;
  if (typeof raw !== 'string' || raw === '') return [];
  if (!raw.startsWith('=')) return raw.split(',').filter((e) => e).map((e) => e.trim());
  // Split at commas outside {{ }}, so an expression may hold commas.
  const text = raw.replace(/^=+/, '');
  const parts: string[] = [];
  let depth = 0;
  let cur = '';
  for (let k = 0; k < text.length; k++) {
    if (text.startsWith('{{', k)) {
      depth++;
      cur += '{{';
      k++;
      continue;
    }
    if (text.startsWith('}}', k) && depth > 0) {
      depth--;
      cur += '}}';
      k++;
      continue;
    }
    if (text[k] === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
      continue;
    }
    cur += text[k];
  }
  parts.push(cur);
  const values: unknown[] = [];
  for (const part of parts.map((p) => p.trim()).filter((p) => p)) {
    const resolvables = part.match(/\{\{[\s\S]*?\}\}/g);
    if (resolvables) for (const r of resolvables) values.push(ctx.evaluateExpression(`=${r}`, i));
    else values.push(part);
  }
  return values;
}

async function buildV2Queries(ctx: ExecuteFunctions, session: PgSession, operation: string, items: INodeExecutionData[], version: number): Promise<QueryWithValues[]> {
  const queries: QueryWithValues[] = [];
  const schemaCache = new Map<string, ColumnInfo[]>();
  const columnsOf = async (schema: string, table: string) => {
    const key = `${schema}\u0000${table}`;
    let cols = schemaCache.get(key);
    if (!cols) {
      cols = await tableSchema(session, schema, table);
      schemaCache.set(key, cols);
    }
    return cols;
  };
  let t = Date.now();
  for (let i = 0; i < items.length; i++) {
    if (Date.now() - t > 20) {
      await yieldToLoop();
      t = Date.now();
    }
    const options = ctx.getNodeParameter('options', i, {}) as IDataObject;
    if (operation === 'executeQuery') {
      // {{ }} in a query without '=' is evaluated here, not ahead: slow ones are awaited (defer.ts).
      const query = await awaitSlowWork(() => resolveResolvables(ctx, String(ctx.getNodeParameter('query', i, '') ?? ''), i));
      if (!query.trim()) throw new NodeOperationError(ctx.getNode(), 'The query is empty', { itemIndex: i });
      queries.push({ query, values: await awaitSlowWork(() => queryReplacements(ctx, i)) });
      continue;
    }
    const { schema, table } = tableName(ctx, i);
    let values: unknown[] = [schema, table];
    if (operation === 'select') {
      const outputColumns = ctx.getNodeParameter('options.outputColumns', i, ['*']) as unknown;
      let query = 'SELECT * FROM $1:name.$2:name';
      if (Array.isArray(outputColumns) && outputColumns.length && !outputColumns.includes('*')) {
        values.push(outputColumns);
        query = `SELECT $${values.length}:name FROM $1:name.$2:name`;
      }
      const where = ((ctx.getNodeParameter('where', i, {}) as IDataObject).values ?? []) as WhereClause[];
      [query, values] = addWhere(ctx, i, query, where, values, String(ctx.getNodeParameter('combineConditions', i, 'AND')));
      const sort = ((ctx.getNodeParameter('sort', i, {}) as IDataObject).values ?? []) as Array<{ column: string; direction: string }>;
      [query, values] = addSort(query, sort, values);
      if (!ctx.getNodeParameter('returnAll', i, false)) {
        const limit = Number(ctx.getNodeParameter('limit', i, 50));
        if (!Number.isInteger(limit) || limit < 0) throw new NodeOperationError(ctx.getNode(), `Limit must be a whole number, not "${String(limit)}"`, { itemIndex: i });
        query += ` LIMIT ${limit}`;
      }
      queries.push({ query, values });
      continue;
    }
    if (operation === 'deleteTable') {
      const command = String(ctx.getNodeParameter('deleteCommand', i, 'truncate'));
      const cascade = options.cascade ? ' CASCADE' : '';
      let query = '';
      if (command === 'drop') query = `DROP TABLE IF EXISTS $1:name.$2:name${cascade}`;
      else if (command === 'truncate') query = `TRUNCATE TABLE $1:name.$2:name${ctx.getNodeParameter('restartSequences', i, false) ? ' RESTART IDENTITY' : ''}${cascade}`;
      else if (command === 'delete') {
        const where = ((ctx.getNodeParameter('where', i, {}) as IDataObject).values ?? []) as WhereClause[];
        [query, values] = addWhere(ctx, i, 'DELETE FROM $1:name.$2:name', where, values, String(ctx.getNodeParameter('combineConditions', i, 'AND')));
      } else throw new NodeOperationError(ctx.getNode(), 'Invalid delete command, only drop, delete and truncate are supported ', { itemIndex: i });
      queries.push({ query, values });
      continue;
    }
    // insert, update, upsert
    const mappingMode = version < 2.2 ? String(ctx.getNodeParameter('dataMode', i, 'autoMapInputData')) : String(ctx.getNodeParameter('columns.mappingMode', i, 'defineBelow'));
    let item: IDataObject = {};
    if (mappingMode === 'autoMapInputData') item = { ...items[i]!.json };
    else if (mappingMode === 'defineBelow') {
      if (version < 2.2) item = prepareItem((ctx.getNodeParameter('valuesToSend', i, {}) as IDataObject).values as IDataObject[]);
      else item = { ...((ctx.getNodeParameter('columns.value', i, {}) as IDataObject | null) ?? {}) };
    } else throw new NodeOperationError(ctx.getNode(), `Unknown data mode "${mappingMode}"`, { itemIndex: i });
    const columns = await columnsOf(schema, table);
    if (columns.length === 0) throw new NodeOperationError(ctx.getNode(), `Table "${schema}"."${table}" does not exist or has no columns`, { itemIndex: i });
    const outputColumns = ctx.getNodeParameter('options.outputColumns', i, ['*']);

    if (operation === 'insert') {
      item = checkItem(ctx, item, columns, i);
      if (!Object.keys(item).length) throw new NodeOperationError(ctx.getNode(), 'Nothing to insert: the item has no values for the table\'s columns', { itemIndex: i });
      let query = `INSERT INTO $1:name.$2:name($3:name) VALUES($3:csv)${options.skipOnConflict ? ' ON CONFLICT DO NOTHING' : ''}`;
      values.push(item);
      [query, values] = addReturning(query, outputColumns, values);
      queries.push({ query, values });
      continue;
    }

    const matchOn: string[] = version < 2.2 ? [String(ctx.getNodeParameter('columnToMatchOn', i, ''))] : ((ctx.getNodeParameter('columns.matchingColumns', i, []) as string[]) ?? []);
    if (!matchOn.length || !matchOn[0]) throw new NodeOperationError(ctx.getNode(), 'No matching columns configured. Please define at least one column to match on.', { itemIndex: i });
    if (version < 2.2 && mappingMode === 'defineBelow') item[matchOn[0]] = ctx.getNodeParameter('valueToMatchOn', i, '') as IDataObject;
    if (item[matchOn[0]] === undefined || item[matchOn[0]] === '' || (operation === 'upsert' && item[matchOn[0]] === null)) {
      throw new NodeOperationError(ctx.getNode(), "Column to match on not found in input item. Add a column to match on or set the 'Data Mode' to 'Define Below' to define the value to match on.", { itemIndex: i });
    }
    item = checkItem(ctx, item, columns, i);
    const updateColumns = Object.keys(item).filter((c) => !matchOn.includes(c));
    let n = values.length + 1;
    if (operation === 'update') {
      if (!updateColumns.length) throw new NodeOperationError(ctx.getNode(), "Add values to update to the input item or set the 'Data Mode' to 'Define Below' to define the values to update.", { itemIndex: i });
      const sets = updateColumns.map((c) => {
        values.push(c, item[c]);
        const s = `$${n}:name = $${n + 1}`;
        n += 2;
        return s;
      });
      const conditions = matchOn.map((c) => {
        values.push(c, item[c] ?? null);
        const s = item[c] === null ? `$${n}:name IS NULL` : `$${n}:name = $${n + 1}`;
        n += 2;
        return s;
      });
      let query = `UPDATE $1:name.$2:name SET ${sets.join(', ')} WHERE ${conditions.join(' AND ')}`;
      [query, values] = addReturning(query, outputColumns, values);
      queries.push({ query, values });
      continue;
    }
    // upsert
    if (!updateColumns.length && Object.keys(item).length <= matchOn.length) {
      throw new NodeOperationError(ctx.getNode(), "Add values to update or insert to the input item or set the 'Data Mode' to 'Define Below' to define the values to insert or update.", { itemIndex: i });
    }
    const conflict = matchOn.map((c) => {
      values.push(c);
      return `$${n++}:name`;
    });
    values.push(item);
    const itemVar = n++;
    const sets = updateColumns.map((c) => {
      values.push(c, item[c]);
      const s = `$${n}:name = $${n + 1}`;
      n += 2;
      return s;
    });
    let query = `INSERT INTO $1:name.$2:name($${itemVar}:name) VALUES($${itemVar}:csv) ON CONFLICT (${conflict.join(',')})${sets.length ? ` DO UPDATE SET ${sets.join(', ')}` : ' DO NOTHING'}`;
    [query, values] = addReturning(query, outputColumns, values);
    queries.push({ query, values });
  }
  return queries;
}

async function executeV2(ctx: ExecuteFunctions): Promise<INodeExecutionData[][]> {
  const version = ctx.getNode().typeVersion;
  const operation = String(ctx.getNodeParameter('operation', 0, 'insert'));
  const known = ['executeQuery', 'insert', 'update', 'upsert', 'select', 'deleteTable'];
  if (!known.includes(operation)) throw new NodeOperationError(ctx.getNode(), `The operation "${operation}" is not supported!`);
  const credentials = await ctx.getCredentials('postgres');
  const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
  const items = replaceEmptyStrings(ctx.getInputData(), options.replaceEmptyStrings === true && operation !== 'select' && operation !== 'deleteTable');
  const budget: ReadBudget = { rows: 0, bytes: 0 };
  try {
    const out = await withPgSession(
      ctx.getNode(),
      credentials,
      { connectionTimeout: Number(options.connectionTimeout ?? 30), largeNumbersAsNumbers: options.largeNumbersOutput === 'numbers', budget, signal: ctx.signal },
      async (session) => {
        const queries = await buildV2Queries(ctx, session, operation, items, version);
        return runQueries(ctx, session, queries, items, String(options.queryBatching ?? 'single'), operation, version);
      },
    );
    return [out];
  } catch (e) {
    throw pgError(ctx.getNode(), e, []);
  }
}

// ---- v1 -------------------------------------------------------------------------------------

/** 'id:int,name:text' → [{ name: 'id', cast: 'int' }, { name: 'name', cast: 'text' }] */
function columnList(text: string): Array<{ name: string; cast?: string }> {
  return text
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c)
    .map((c) => {
      const [name, cast] = c.split(':');
      return { name: name!.trim(), cast: cast?.trim() || undefined };
    });
}

function castSql(ctx: ExecuteFunctions, cast: string | undefined, i: number): string {
  if (!cast) return '';
  if (!/^[A-Za-z_][A-Za-z0-9_ ]*(\[\])?$/.test(cast)) throw new NodeOperationError(ctx.getNode(), `Invalid type cast "${cast}"`, { itemIndex: i, description: 'Write a type name after the colon, e.g. id:int or tags:text[]' });
  return `::${cast}`;
}

function returnFields(ctx: ExecuteFunctions): string {
  const fields = String(ctx.getNodeParameter('returnFields', 0, '*'));
  return fields
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f)
    .map((f) => (f === '*' ? '*' : formatQuery('$1:name', [f])))
    .join(',') || '*';
}

async function executeV1(ctx: ExecuteFunctions): Promise<INodeExecutionData[][]> {
  const operation = String(ctx.getNodeParameter('operation', 0, 'insert'));
  if (!['executeQuery', 'insert', 'update'].includes(operation)) throw new NodeOperationError(ctx.getNode(), `The operation "${operation}" is not supported!`);
  const credentials = await ctx.getCredentials('postgres');
  const items = ctx.getInputData();
  const additional = ctx.getNodeParameter('additionalFields', 0, {}) as IDataObject;
  const mode = String(additional.mode ?? 'multiple');
  const budget: ReadBudget = { rows: 0, bytes: 0 };
  const queries: QueryWithValues[] = [];
  for (let i = 0; i < items.length; i++) {
    const json = items[i]!.json;
    if (operation === 'executeQuery') {
      const query = await awaitSlowWork(() => resolveResolvables(ctx, String(ctx.getNodeParameter('query', i, '')), i));
      const params = String((ctx.getNodeParameter('additionalFields', i, {}) as IDataObject).queryParams ?? '');
      const values = params
        .split(',')
        .map((p) => p.trim())
        .filter((p) => p)
        .map((p) => json[p] ?? null);
      queries.push({ query, values });
      continue;
    }
    const schema = String(ctx.getNodeParameter('schema', i, 'public') || 'public');
    const table = String(ctx.getNodeParameter('table', i, ''));
    if (!table) throw new NodeOperationError(ctx.getNode(), 'No table given', { itemIndex: i });
    const columns = columnList(String(ctx.getNodeParameter('columns', i, '')));
    if (operation === 'insert') {
      if (!columns.length) throw new NodeOperationError(ctx.getNode(), 'No columns given to insert', { itemIndex: i });
      const values: unknown[] = [schema, table, columns.map((c) => c.name)];
      const placeholders = columns.map((c, k) => {
        values.push(json[c.name] ?? null);
        return `$${k + 4}${castSql(ctx, c.cast, i)}`;
      });
      queries.push({ query: `INSERT INTO $1:name.$2:name($3:name) VALUES(${placeholders.join(',')}) RETURNING ${returnFields(ctx)}`, values });
    } else {
      const keys = columnList(String(ctx.getNodeParameter('updateKey', i, 'id')));
      if (!keys.length) throw new NodeOperationError(ctx.getNode(), 'No update key given', { itemIndex: i });
      const setCols = columns.filter((c) => !keys.some((k) => k.name === c.name));
      if (!setCols.length) throw new NodeOperationError(ctx.getNode(), 'No columns given to update', { itemIndex: i });
      const values: unknown[] = [schema, table];
      let n = 3;
      const sets = setCols.map((c) => {
        values.push(c.name, json[c.name] ?? null);
        const s = `$${n}:name = $${n + 1}${castSql(ctx, c.cast, i)}`;
        n += 2;
        return s;
      });
      const where = keys.map((k) => {
        values.push(k.name, json[k.name] ?? null);
        const s = `$${n}:name = $${n + 1}${castSql(ctx, k.cast, i)}`;
        n += 2;
        return s;
      });
      queries.push({ query: `UPDATE $1:name.$2:name SET ${sets.join(', ')} WHERE ${where.join(' AND ')} RETURNING ${returnFields(ctx)}`, values });
    }
  }
  try {
    const out = await withPgSession(ctx.getNode(), credentials, { budget, signal: ctx.signal }, async (session) => {
      const result: INodeExecutionData[] = [];
      if (mode === 'multiple') {
        try {
          const texts = queries.map((q, i) => ({ query: format(ctx, q, i), values: [] }));
          const results = await session.run(concatQueries(texts));
          for (let r = 0; r < results.length; r++) await rowsToItems(results[r]!, { item: Math.min(r, items.length - 1) }, result);
        } catch (err) {
          const error = pgError(ctx.getNode(), err, queries);
          if (!ctx.continueOnFail()) throw error;
          result.push({ json: { error: error.message } });
        }
        return result;
      }
      if (mode === 'transaction') await session.run('BEGIN');
      for (let i = 0; i < queries.length; i++) {
        try {
          const rows = (await session.run(format(ctx, queries[i]!, i))).flat();
          await rowsToItems(rows, { item: i }, result);
        } catch (err) {
          const error = pgError(ctx.getNode(), err, queries, i);
          if (mode === 'transaction') {
            await session.run('ROLLBACK').catch(() => undefined);
            if (!ctx.continueOnFail()) throw error;
            result.push({ json: { ...items[i]!.json, code: (err as { code?: string }).code ?? null, message: error.message }, pairedItem: { item: i } });
            return result;
          }
          if (!ctx.continueOnFail()) throw error;
          result.push({ json: { ...items[i]!.json, code: (err as { code?: string }).code ?? null, message: error.message }, pairedItem: { item: i } });
        }
      }
      if (mode === 'transaction') await session.run('COMMIT');
      return result;
    });
    return [out];
  } catch (e) {
    throw pgError(ctx.getNode(), e, []);
  }
}

const base: Omit<INodeTypeDescription, 'version' | 'properties'> = {
  name: 'n8n-nodes-base.postgres',
  displayName: 'Postgres',
  description: 'Get, add and update data in Postgres',
  icon: 'fa:database',
  group: ['input'],
  subtitle: '={{ $parameter["operation"] }}',
  defaults: { name: 'Postgres', color: '#336791' },
  inputs: ['main'],
  outputs: ['main'],
  credentials: [{ name: 'postgres', required: true }],
  codex: { categories: ['Development', 'Data & Storage'], alias: ['SQL', 'database', 'PostgreSQL'] },
};

export const postgresV1: NodeType = {
  kind: 'regular',
  description: { ...base, version: 1, properties: postgresV1Properties },
  execute: executeV1,
};

export const POSTGRES_V2_VERSIONS = [2, 2.1, 2.2, 2.3, 2.4, 2.5, 2.6];

export const postgresV2: NodeType = {
  kind: 'regular',
  description: { ...base, version: POSTGRES_V2_VERSIONS, defaultVersion: 2.6, properties: postgresV2Properties },
  execute: executeV2,
};
