// Writes the API's contract from the routes' and messages' schemas: docs/openapi.json (HTTP) and
// docs/asyncapi.json (WebSocket and NATS). `npm run docs:openapi`; a test fails when either drifts.
import { writeFileSync } from 'node:fs';
import { asyncApiDocument } from '../src/composition/asyncapi-document.js';
import { tableOpenApiDocument } from '../src/composition/openapi-document.js';

writeFileSync('docs/openapi.json', `${JSON.stringify(await tableOpenApiDocument(), null, 2)}\n`);
writeFileSync('docs/asyncapi.json', `${JSON.stringify(asyncApiDocument(), null, 2)}\n`);
console.log('wrote docs/openapi.json and docs/asyncapi.json');
