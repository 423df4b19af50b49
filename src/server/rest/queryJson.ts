// Query parameters that carry JSON (the `filter` of list calls): parsed and checked against a
// schema, with errors that name the parameter and the field.
import type { Static, TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { BadRequestError } from '../errors.ts';
import { jsonTooDeepAt, MAX_JSON_DEPTH } from '../../model/jsonDepth.ts';

const compiled = new WeakMap<TSchema, TypeCheck<TSchema>>();

export function parseJsonQuery<T extends TSchema>(raw: string | undefined, schema: T, name: string): Static<T> | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  // As deep as a body may nest, and no deeper (a URL of 16 KB can nest 8,000 levels).
  const deep = jsonTooDeepAt(raw);
  if (deep !== undefined) throw new BadRequestError(`query/${name} is nested more than ${MAX_JSON_DEPTH} levels deep (column ${deep + 1})`);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new BadRequestError(`query/${name} must be JSON, e.g. ${name}={"workflowId":"1"}`);
  }
  let check = compiled.get(schema);
  if (!check) compiled.set(schema, (check = TypeCompiler.Compile(schema)));
  if (!check.Check(value)) {
    const e = check.Errors(value).First();
    throw new BadRequestError(`query/${name}${e?.path ?? ''} ${e?.message.toLowerCase() ?? 'is invalid'}`);
  }
  return value as Static<T>;
}
