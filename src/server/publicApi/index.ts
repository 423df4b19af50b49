// The public API, registered by app.ts under `${basePath}api/v1` (spec 000 §3 publicApi.path and
// latestVersion): n8n's public API v1 for workflows, executions, credentials and tags,
// authenticated by API key only (auth.ts), with its OpenAPI document and docs (openapi.ts).
// Its own plugin scope gives it n8n's error bodies `{ message }`, a validator that coerces query
// values ('true', '100') to the schema's types, and plain JSON answers (the response schemas
// document the answers; they do not filter them).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Ajv } from 'ajv';
import type { ServerContext } from '../context.ts';
import { registerErrorHandler } from '../rest/errorHandler.ts';
import { BadRequestError, NotFoundError } from '../errors.ts';
import { decodeLargeBody, refusedJsonMessage, tooDeepMessage } from '../rest/jsonBody.ts';
import { SLICED_PARSE_MIN_CHARS } from '../slicedJsonParse.ts';
import { apiKeyAuth } from './auth.ts';
import { PUBLIC_API_LATEST_VERSION, PUBLIC_API_PATH } from './constants.ts';
import { openApiDocsRoutes, registerOpenApiDocument } from './openapi.ts';
import { SHARED_SCHEMAS } from './schemas.ts';
import { workflowsRoutes } from './workflows.ts';
import { executionsRoutes } from './executions.ts';
import { credentialsRoutes } from './credentials.ts';
import { tagsRoutes } from './tags.ts';

export { PUBLIC_API_PATH };

/** Validators of the public API: query and path values coerced, bodies checked as sent. */
function validatorCompiler() {
  const options = { useDefaults: true, allErrors: false, strict: false } as const;
  const coercing = new Ajv({ ...options, coerceTypes: true });
  const exact = new Ajv({ ...options, coerceTypes: false });
  for (const ajv of [coercing, exact]) {
    ajv.addKeyword({ keyword: 'example' });
    // Times are only answered (readOnly): a sent one is ignored, whatever its form.
    ajv.addFormat('date-time', true);
    for (const s of SHARED_SCHEMAS) ajv.addSchema(s);
  }
  return ({ schema, httpPart }: { schema: object; httpPart?: string }) => (httpPart === 'body' ? exact : coercing).compile(schema);
}

/**
 * JSON bodies as Fastify parses them, except that an empty one is no body (POST …/activate from
 * clients that always send the header), and one nested too deep to store is refused first.
 */
function allowEmptyJson(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request: FastifyRequest, body: string | Buffer, done) => {
    if (body.length >= SLICED_PARSE_MIN_CHARS) return decodeLargeBody(body as Buffer, false, done);
    const text = String(body);
    if (text === '') return done(null, undefined);
    const deep = tooDeepMessage(text, false);
    if (deep) return done(new BadRequestError(deep), undefined);
    return parse(request, text, (err: Error | null, value?: unknown) => {
      const refused = refusedJsonMessage(text, err ? undefined : value, false);
      if (refused) return done(new BadRequestError(refused), undefined);
      return err ? done(err, undefined) : done(null, value);
    });
  });
}

export function publicApiRoutes(ctx: ServerContext) {
  const base = `${ctx.config.basePath}${PUBLIC_API_PATH}/v${PUBLIC_API_LATEST_VERSION}`;
  return async function publicApi(app: FastifyInstance): Promise<void> {
    registerErrorHandler(app, { bodyLimit: ctx.config.payloadSizeMax }, (body) => ({ message: body.message }));
    app.setValidatorCompiler(validatorCompiler());
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
    for (const s of SHARED_SCHEMAS) app.addSchema(s);
    await registerOpenApiDocument(app, ctx, base);

    // Public: the document and the docs.
    await app.register(async (docs) => openApiDocsRoutes(docs, base));

    // Everything else needs a key.
    await app.register(async (api) => {
      api.addHook('onRequest', apiKeyAuth(ctx));
      // API answers are never cached by browsers or proxies (the docs' files may be).
      api.addHook('onSend', async (_request: FastifyRequest, reply: FastifyReply, payload) => {
        reply.header('cache-control', 'no-store');
        return payload;
      });
      allowEmptyJson(api);
      workflowsRoutes(api, ctx);
      executionsRoutes(api, ctx);
      credentialsRoutes(api, ctx);
      tagsRoutes(api, ctx);
    });

    // Unknown paths under the API answer 404 here, not with the editor's page.
    app.all('/*', { schema: { hide: true } }, async (request) => {
      throw new NotFoundError(`${request.method} ${request.url.split('?')[0]} is not a route of the public API; see ${base}/docs`);
    });
  };
}
