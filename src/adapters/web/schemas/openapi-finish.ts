// The last touches on the OpenAPI document @fastify/swagger collects from the routes' schemas: each
// answer described by what its status means here (not "Default Response"), a body that may be left out
// not required, and the request-side copies
// of the component schemas that nothing refers to left out.
import type { OpenAPIV3_1 } from 'openapi-types';

const MEANS: Readonly<Record<string, string>> = {
  200: 'Done',
  400: 'Malformed request (refused: body): a body or query that fails its schema, not JSON, nested too deep, not valid Unicode; or an Idempotency-Key that is not 1 to 256 printable ASCII characters (refused: idempotency)',
  401: 'Missing or unknown credential (refused: credential)',
  403: 'The credential\'s role may not do this (refused: role)',
  409: 'Refused by the table (refused: table): the round machine\'s reason, with the log position of the refused input; or a command that is no input',
  413: 'Body over 16 KiB (refused: body)',
  415: 'Body of another content type than application/json (refused: body)',
  422: 'The Idempotency-Key stands for another command of this credential (refused: idempotency): a new command needs a new key',
  429: 'Too many requests from this address (refused: rate); retry after the retry-after header',
  503: 'The table cannot do it now: a display route while the event loop is late (retry-after: 2), a command the log could not record, or not ready',
};

type Doc = Partial<OpenAPIV3_1.Document>;

export function finishedDocument(document: Doc): Doc {
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item ?? {})) {
      // A command whose fields are all optional may come without a body (command-routes.ts).
      const body = (operation as OpenAPIV3_1.OperationObject | undefined)?.requestBody;
      const schema = body && 'content' in body ? body.content['application/json']?.schema : undefined;
      if (body && 'required' in body && schema && !('$ref' in schema) && schema.type === 'object' && !schema.required) body.required = false;
      const responses = (operation as OpenAPIV3_1.OperationObject | undefined)?.responses;
      for (const [status, response] of Object.entries(responses ?? {})) {
        const meaning = MEANS[status];
        if (meaning && 'description' in response && response.description === 'Default Response') response.description = meaning;
      }
    }
  }
  // A route the server does not have is no operation: its 404 stands here, in the one error shape.
  document.components = {
    ...document.components,
    responses: {
      NotFound: { description: 'A path or method the server does not have (refused: route)', content: { 'application/json': { schema: { $ref: '#/components/schemas/Refusal' } } } },
    },
  };
  const schemas = document.components.schemas;
  if (schemas) {
    const text = JSON.stringify(document.paths ?? {}) + JSON.stringify(Object.fromEntries(Object.entries(schemas).filter(([name]) => !name.endsWith('Input'))));
    for (const name of Object.keys(schemas)) if (name.endsWith('Input') && !text.includes(`#/components/schemas/${name}"`)) delete schemas[name];
  }
  return document;
}
