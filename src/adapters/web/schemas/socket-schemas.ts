// The WebSocket messages (docs/web-api.md, "Reading" and "Commands"; docs/asyncapi.json): the views a
// display socket sends, and the command socket's messages and answers. The command bodies are the HTTP
// routes' own (../command-bodies.ts through ../command-specs.ts). None is registered by id in zod's global
// registry: that registry is the OpenAPI document's components, and these are not HTTP answers.
import { z } from 'zod';
import { COMMANDS } from '../command-specs.js';
import { acceptedSchema } from './command-schemas.js';
import { viewSchema } from './read-schemas.js';
import { refusalSchema, unavailableSchema } from './refusal-schemas.js';
import { idempotencyConfigSchema } from '../../../config/idempotency-config.js';
import { idempotencyKeySchema, KEY_FIELD, keyDescription } from '../idempotency-key.js';

export const viewMessageSchema = z.object({
  type: z.literal('view'),
  sentAt: z.string().describe('When this socket was sent the view (ISO 8601)'),
  madeAt: z.string().optional().describe('From a display gateway: when the table made the view, right after its facts were durable (ISO 8601)'),
  view: viewSchema,
}).describe('One view of the table: the current one on connecting, then one per change (a slow socket skips to the newest)');

const commandId = z.union([z.string().max(100), z.number()]).optional().describe('Echoed in the answer');

/** The key's words with the table file's default retention (this document is the same for every table). */
const commandKey = idempotencyKeySchema.optional().describe(keyDescription(idempotencyConfigSchema.parse({})));

/** One message per command: `{ id, command, body, idempotencyKey? }`, the body being that command's HTTP body. */
export const commandMessageSchemas = COMMANDS.map((command) => ({
  name: command.name,
  what: command.what,
  roles: command.roles,
  schema: z.strictObject({ id: commandId, command: z.literal(command.name), body: command.body.optional(), [KEY_FIELD]: commandKey }),
}));

export const commandAnswerSchema = z.union([
  acceptedSchema.extend({ id: z.union([z.string(), z.number(), z.null()]), status: z.literal(200) }),
  refusalSchema.extend({ id: z.union([z.string(), z.number(), z.null()]), status: z.number().int().min(400).max(499) }),
  unavailableSchema.extend({ id: z.union([z.string(), z.number(), z.null()]), status: z.literal(503) }),
]).describe('The answer to one command message, in order: the HTTP status and the HTTP answer');
