// JSON request bodies of the REST API: parsed as Fastify parses them (prototype poisoning
// refused), but a body that is not JSON is answered with where it breaks — line and column, as
// the editor says it for a pasted or imported file (jsonErrors.ts) — and on the import route
// (POST /workflows, `config.workflowImport`) under n8n's 'Could not import workflow' (spec 001 §8).
// A body nested deeper than MAX_JSON_DEPTH is refused before it is parsed (jsonDepth.ts); valid
// JSON with prototype keys or lone surrogates is refused saying so (refusedJsonMessage).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { locateJsonError } from '../../model/jsonErrors.ts';
import { decodeUtf8Sliced } from '../slicedDecode.ts';
import { jsonPrototypeKeyAt, jsonTooDeepAt, lineAndColumn, loneSurrogatePath, MAX_DATA_ARRAY_LENGTH, MAX_JSON_DEPTH, SURROGATE_ESCAPE } from '../../model/jsonDepth.ts';
import { BadRequestError } from '../errors.ts';
import { parseJsonSliced, SLICED_PARSE_MIN_CHARS, type SlicedParseResult } from '../slicedJsonParse.ts';

/** The title n8n's editor shows when a file cannot be imported (spec 001 §8). */
export const IMPORT_ERROR = 'Could not import workflow';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a whole workflow: its body limit is the workflow payload limit (spec 001 §9). */
    workflowBody?: boolean;
    /** The route imports a workflow: a body that is not one answers 'Could not import workflow: …'. */
    workflowImport?: boolean;
  }
}

/** The message for a body that failed to parse, or undefined when the text is valid JSON (the parser refused it for another reason). */
export function invalidJsonMessage(text: string, importing: boolean): string | undefined {
  if (text.trim() === '') return importing ? `${IMPORT_ERROR}: the workflow is empty (no JSON was sent)` : undefined;
  const at = locateJsonError(text);
  if (!at) return undefined;
  const where = `${at.message} (line ${at.line}, column ${at.column})`;
  return importing ? `${IMPORT_ERROR}: the workflow is not valid JSON: ${where}` : `Request body is not valid JSON: ${where}`;
}

/** The message for a body nested deeper than the limit, or undefined. */
export function tooDeepMessage(text: string, importing: boolean): string | undefined {
  const at = jsonTooDeepAt(text);
  return at === undefined ? undefined : tooDeepAtMessage(text, at, importing);
}

function tooDeepAtMessage(text: string, at: number, importing: boolean): string {
  const { line, column } = lineAndColumn(text, at);
  const what = `nested more than ${MAX_JSON_DEPTH} levels deep (line ${line}, column ${column})`;
  return importing ? `${IMPORT_ERROR}: the workflow is ${what}` : `Request body is ${what}`;
}

/** Why a large body was refused by the sliced parser, worded as the one-call path words it. */
function slicedRefusalMessage(text: string, r: SlicedParseResult & { ok: false }, importing: boolean): string {
  if (r.kind === 'deep') return tooDeepAtMessage(text, r.offset, importing);
  const { line, column } = lineAndColumn(text, r.offset);
  if (r.kind === 'large') {
    const what = `has an array of more than ${MAX_DATA_ARRAY_LENGTH.toLocaleString('en-US')} elements (line ${line}, column ${column}), the limit of one array in workflow data`;
    return importing ? `${IMPORT_ERROR}: the workflow ${what}` : `Request body ${what}`;
  }
  if (r.kind === 'prototype') {
    const what = `has the key "${r.key}" (line ${line}, column ${column}), which is refused: keys __proto__, and constructor holding prototype, could change the prototypes of other objects`;
    return importing ? `${IMPORT_ERROR}: the workflow ${what}` : `Request body ${what}`;
  }
  const where = `${r.message ?? 'Unexpected token'} (line ${line}, column ${column})`;
  return importing ? `${IMPORT_ERROR}: the workflow is not valid JSON: ${where}` : `Request body is not valid JSON: ${where}`;
}

/**
 * Valid JSON the API refuses, said exactly: a key that names a prototype (`__proto__`, or
 * `constructor` holding `prototype`, which secure-json-parse refuses: copied by assignment, such a
 * key changes objects' prototypes), or text with a lone UTF-16 surrogate (`"\ud800"`: stored as
 * UTF-8 it would become U+FFFD, so what is saved would differ from what was sent and echoed).
 */
export function refusedJsonMessage(text: string, value: unknown, importing: boolean): string | undefined {
  const say = (what: string) => (importing ? `${IMPORT_ERROR}: the workflow ${what}` : `Request body ${what}`);
  if (value === undefined) {
    const found = jsonPrototypeKeyAt(text);
    if (!found) return undefined;
    const { line, column } = lineAndColumn(text, found.offset);
    return say(`has the key "${found.key}" (line ${line}, column ${column}), which is refused: keys __proto__, and constructor holding prototype, could change the prototypes of other objects`);
  }
  if (!SURROGATE_ESCAPE.test(text)) return undefined;
  const path = loneSurrogatePath(value);
  if (path === undefined) return undefined;
  return say(`has text with a lone UTF-16 surrogate at body${path} (a \\uD800–\\uDFFF escape without its pair), which is refused: it cannot be stored as sent`);
}

/** A body of SLICED_PARSE_MIN_CHARS bytes or more: decoded in slices, then parsed by parseLargeBody. */
export function decodeLargeBody(body: Buffer, importing: boolean, done: (error: Error | null, value: unknown) => void): void {
  decodeUtf8Sliced(body).then(
    (text) => parseLargeBody(text, importing, done),
    (error: Error) => done(error, undefined),
  );
}

/**
 * A large body (SLICED_PARSE_MIN_CHARS or more) checked and parsed in slices
 * (slicedJsonParse.ts), with the same refusals and messages: in one call a 16 MB body held
 * the server for 150–400 ms.
 */
function parseLargeBody(text: string, importing: boolean, done: (error: Error | null, value: unknown) => void): void {
  parseJsonSliced(text, { maxDepth: MAX_JSON_DEPTH, refusePrototypeKeys: true }).then(
    (r) => {
      if (!r.ok) return done(new BadRequestError(slicedRefusalMessage(text, r, importing)), undefined);
      const refused = refusedJsonMessage(text, r.value, importing);
      return refused ? done(new BadRequestError(refused), undefined) : done(null, r.value);
    },
    (error: Error) => done(error, undefined),
  );
}

export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request: FastifyRequest, body: string | Buffer, done) => {
    const importing = request.routeOptions.config?.workflowImport === true;
    if (body.length >= SLICED_PARSE_MIN_CHARS) return decodeLargeBody(body as Buffer, importing, done);
    const text = String(body);
    const deep = tooDeepMessage(text, importing);
    if (deep) return done(new BadRequestError(deep), undefined);
    parse(request, text, (err: Error | null, value?: unknown) => {
      if (!err) {
        const refused = refusedJsonMessage(text, value, importing);
        return refused ? done(new BadRequestError(refused), undefined) : done(null, value);
      }
      const message = invalidJsonMessage(text, importing) ?? refusedJsonMessage(text, undefined, importing);
      done(message ? new BadRequestError(message) : err, undefined);
    });
  });
}
