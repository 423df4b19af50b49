// The public API's OpenAPI 3 document and interactive docs. @fastify/swagger builds the document
// from the routes' own TypeBox schemas (the ones they validate with), registered in the public
// API's plugin so it describes /api/v1 only, not /rest. The document (openapi.json / .yml) and
// the docs (Swagger UI from local files: no other host is asked for anything) need no key; the
// docs send X-N8N-API-KEY once a key is entered under Authorize.
import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { ServerContext } from '../context.ts';
import { PUBLIC_API_LATEST_VERSION } from './constants.ts';

const HIDDEN = { schema: { hide: true } };

/** Adds the document generator to `app`; routes registered after it (in it or below) are described. */
export async function registerOpenApiDocument(app: FastifyInstance, ctx: ServerContext, base: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Switchyard public API',
        version: `${PUBLIC_API_LATEST_VERSION}.0.0`,
        description:
          'Workflows, executions, credentials and tags of this Switchyard instance, shaped as n8n\'s public API v1 so tools written for it work. ' +
          'Authenticate with an API key from Settings → API in the X-N8N-API-KEY header. A member\'s key sees and changes only that member\'s ' +
          'workflows, executions and credentials; the owner\'s sees all. Lists answer `{ data, nextCursor }`: pass nextCursor as `cursor` for the next page.',
      },
      servers: [{ url: base, description: `This instance (Switchyard ${ctx.versionCli})` }],
      tags: [
        { name: 'Workflow', description: 'Operations about workflows' },
        { name: 'Execution', description: 'Operations about executions' },
        { name: 'Credential', description: 'Operations about credentials' },
        { name: 'Tags', description: 'Operations about tags' },
      ],
      components: { securitySchemes: { ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-N8N-API-KEY' } } },
      security: [{ ApiKeyAuth: [] }],
    },
    // Shared schemas keep their $id as their component name (Workflow, Execution, …).
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });
}

/** The document and the docs, public (no key): `${base}/openapi.json`, `/openapi.yml`, `/docs`. */
export async function openApiDocsRoutes(docs: FastifyInstance, base: string): Promise<void> {
  docs.get('/openapi.json', HIDDEN, async () => docs.swagger());
  docs.get('/openapi.yml', HIDDEN, async (_request, reply) => reply.type('application/yaml; charset=utf-8').send(docs.swagger({ yaml: true })));
  await docs.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    // The index page links its assets under this prefix when asked for without a trailing slash.
    indexPrefix: base,
    theme: { title: 'Switchyard API' },
    // BaseLayout: without Swagger UI's top bar (a Fastify logo and a box to open other documents).
    uiConfig: { layout: 'BaseLayout', deepLinking: true, displayRequestDuration: true, docExpansion: 'list', tryItOutEnabled: true, persistAuthorization: false },
  });
}
