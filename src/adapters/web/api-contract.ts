// The API's contract, made from the routes' own schemas (./schemas/): fastify validates requests and
// answers with zod (fastify-type-provider-zod), @fastify/swagger collects the same schemas into an
// OpenAPI 3.1 document served at /openapi.json (kept in the repo as docs/openapi.json, docs/web-api.md).
// Every refusal, 404 and 415 included, answers the one error shape (./request-errors.ts). Register before
// the routes: the document is collected as they are added.
import fastifyCors from '@fastify/cors';
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { CorsConfig } from '../../config/cors-config.js';
import { notFoundHandler } from './request-errors.js';
import { finishedDocument } from './schemas/openapi-finish.js';
import { SECURITY_SCHEMES } from './schemas/security-schemes.js';
import type { WebContext } from './web-context.js';

export const OPENAPI_PATH = '/openapi.json';

export interface ContractOptions {
  readonly title: string;
  readonly description: string;
  /** Where refusals are recorded (null: a display gateway, no table log). */
  readonly context: WebContext | null;
  /** Cross-origin access (the table file's `cors:`); absent: none. */
  readonly cors?: CorsConfig | undefined;
}

/** The contract's version (info.version of both documents): raise it when a route or a message changes in a way a client notices. */
export const API_VERSION = '0.1.0';

export function registerApiContract(app: FastifyInstance, options: ContractOptions): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setNotFoundHandler(notFoundHandler(options.context));
  if (options.cors) {
    void app.register(fastifyCors, {
      origin: [...options.cors.origins],
      methods: ['GET', 'POST'],
      allowedHeaders: ['authorization', 'content-type', 'idempotency-key'],
      exposedHeaders: ['retry-after'],
      credentials: false,
      maxAge: options.cors.maxAgeSeconds,
    });
  }
  void app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: options.title, description: options.description, version: API_VERSION },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    // The pages, their assets and the WebSocket routes (docs/asyncapi.json) carry no tag: not in the document.
    hideUntagged: true,
    transform: jsonSchemaTransform,
    transformObject: (input) => finishedDocument(jsonSchemaTransformObject(input) as Parameters<typeof finishedDocument>[0]) as ReturnType<typeof jsonSchemaTransformObject>,
  });
  void app.register(async (routes) => {
    routes.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  });
}
