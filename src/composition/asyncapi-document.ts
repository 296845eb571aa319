// The AsyncAPI 3 document of the table's messages (docs/asyncapi.json, docs/web-api.md): the WebSocket
// views and commands, and the NATS subjects the table publishes — the views for display gateways and the
// log's replication, which the floor reads (ADR 0005). Payload schemas are made from the same zod
// schemas the server uses; `npm run docs:openapi` writes it with the OpenAPI document.
import { z } from 'zod';
import { COMMANDS } from '../adapters/web/command-specs.js';
import { API_VERSION } from '../adapters/web/api-contract.js';
import { commandAnswerSchema, commandMessageSchemas, viewMessageSchema } from '../adapters/web/schemas/socket-schemas.js';
import { viewSchema } from '../adapters/web/schemas/read-schemas.js';
import { acceptedSchema, viewFactSchema } from '../adapters/web/schemas/command-schemas.js';
import { refusalSchema, unavailableSchema } from '../adapters/web/schemas/refusal-schemas.js';
import { PUBLISHED_AUDIENCES } from '../adapters/view-fanout/view-stream.js';
import { walletTransactionSchema } from '../adapters/web/schemas/money-schemas.js';

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

export const storedEventSchema = z.looseObject({
  tableId: z.string(),
  seq: z.number().int().min(1).describe('1-based, gap-free per table'),
  type: z.string().describe('e.g. input, card.dealt, command.refused'),
  data: z.record(z.string(), z.unknown()),
  round: z.number().int(),
  monoTime: z.number(),
  wallTime: z.string(),
  rulesId: z.string(),
  prevHash: hex64,
  hash: hex64.describe('SHA-256 of the canonical serialisation of every other field (docs/event-log.md)'),
}).describe('One event of a table\'s log, canonical JSON (docs/event-log.md)');

/** The messages' schemas by id, with the HTTP answers' schemas they share (zod's global registry). */
function messageRegistry() {
  const registry = z.registry<{ id: string; description?: string }>();
  // The HTTP answers' schemas the messages share, under their OpenAPI ids (they carry them in zod's global registry).
  for (const schema of [refusalSchema, unavailableSchema, viewFactSchema, acceptedSchema, viewSchema, walletTransactionSchema]) {
    const { id, description } = z.globalRegistry.get(schema) ?? {};
    if (id !== undefined) registry.add(schema, { id, ...(description !== undefined ? { description } : {}) });
  }
  registry.add(viewMessageSchema, { id: 'ViewMessage' });
  registry.add(commandAnswerSchema, { id: 'CommandAnswer' });
  registry.add(storedEventSchema, { id: 'StoredEvent' });
  for (const command of commandMessageSchemas) registry.add(command.schema, { id: `${command.name}Command` });
  return registry;
}

const SCHEME_OF_ROLE: Record<string, string> = { dealer: 'dealerToken', supervisor: 'supervisorToken', 'game-server': 'gameServerToken', display: 'displayToken' };
const ref = (path: string) => ({ $ref: path });

/** Every schema with an id, as AsyncAPI component schemas (draft-07, the AsyncAPI schema format's base). */
function componentSchemas(): Record<string, object> {
  const { schemas } = z.toJSONSchema(messageRegistry(), { target: 'draft-07', uri: (id) => `#/components/schemas/${id}`, unrepresentable: 'any' });
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => {
    const { $schema: _s, $id: _i, ...rest } = schema as Record<string, unknown>;
    return [id, rest];
  }));
}

const viewChannel = (audience: string, roles: readonly string[] | null) => ({
  address: `/ws/${audience}`,
  title: `${audience} views`,
  description: roles === null ? 'Anyone may connect.' : `Connect with ?token= of a ${roles.join(', ')} credential; refused: the upgrade answers 401/403 with a Refusal.`,
  servers: audience === 'supervisor' ? [ref('#/servers/table')] : [ref('#/servers/table'), ref('#/servers/gateway')],
  messages: audience === 'supervisor' ? { view: ref('#/components/messages/view') } : { view: ref('#/components/messages/view'), status: ref('#/components/messages/tableStatus') },
});

export function asyncApiDocument(): object {
  const commandMessages = Object.fromEntries(COMMANDS.map((c) => [c.name, ref(`#/components/messages/${c.name}Command`)]));
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Blackjack table messages',
      version: API_VERSION,
      description: 'The table controller\'s WebSocket messages and NATS subjects (docs/web-api.md). HTTP: docs/openapi.json.',
    },
    defaultContentType: 'application/json',
    servers: {
      table: { host: '127.0.0.1:8080', protocol: 'ws', description: 'The table\'s own web server (the table file\'s http: host and port)' },
      gateway: { host: '127.0.0.1:8090', protocol: 'ws', description: 'A display gateway (shoe displays --port): public and dealer views only' },
      nats: { host: '127.0.0.1:4222', protocol: 'nats', description: 'The floor\'s NATS with JetStream (the table file\'s nats: url)' },
    },
    channels: {
      publicViews: viewChannel('public', null),
      dealerViews: viewChannel('dealer', ['dealer', 'supervisor', 'display']),
      supervisorViews: viewChannel('supervisor', ['supervisor']),
      commands: {
        address: '/ws/commands',
        title: 'Commands',
        description: 'Connect with ?token= of any credential; each command\'s roles are checked per message, as over HTTP. At most 32 messages wait per connection; the rate limit is per address.',
        servers: [ref('#/servers/table')],
        messages: { ...commandMessages, answer: ref('#/components/messages/commandAnswer') },
      },
      natsViews: {
        address: 'tables.{tableId}.views.{audience}',
        title: 'Views for display gateways',
        description: 'JetStream stream TABLE_VIEWS, one message kept per subject (the current view); published only from durable facts. Never the supervisor\'s view.',
        servers: [ref('#/servers/nats')],
        parameters: { tableId: { description: 'The table id' }, audience: { enum: [...PUBLISHED_AUDIENCES], description: 'public or dealer' } },
        messages: { view: ref('#/components/messages/natsView') },
      },
      natsEvents: {
        address: 'tables.{tableId}.events',
        title: 'The table\'s log, replicated',
        description: 'JetStream stream TABLE_EVENTS: every stored event in seq order, published by the replicator after it is durable; the floor (shoe floor) and NATS-backed readers consume it.',
        servers: [ref('#/servers/nats')],
        parameters: { tableId: { description: 'The table id' } },
        messages: { event: ref('#/components/messages/storedEvent') },
      },
      natsHeartbeats: {
        address: 'tables.{tableId}.alive',
        title: 'The table\'s heartbeat',
        description: 'Core NATS (no stream), every second while the table is connected: how far its log and its JetStream copy are. Gateways and the pit console call a table stale after 3 s without one, or with its copy behind its log as long (docs/operations.md, "Stale tables").',
        servers: [ref('#/servers/nats')],
        parameters: { tableId: { description: 'The table id' } },
        messages: { heartbeat: ref('#/components/messages/heartbeat') },
      },
      liveViews: {
        address: 'live.tables.{tableId}.views.{audience}',
        title: 'Views on the live path',
        description: 'Core NATS (no stream): each view as the table publishes it to TABLE_VIEWS, sent at once, so gateways keep showing the table while that stream elects a leader after a node\'s loss. May lose a message: a gateway shows the newest view by its Table-Seq from either subject (docs/adr/0016-a-live-path-beside-the-durable-copy.md).',
        servers: [ref('#/servers/nats')],
        parameters: { tableId: { description: 'The table id' }, audience: { enum: [...PUBLISHED_AUDIENCES], description: 'public or dealer' } },
        messages: { view: ref('#/components/messages/natsView') },
      },
      liveEvents: {
        address: 'live.tables.{tableId}.events',
        title: 'The table\'s events on the live path',
        description: 'Core NATS (no stream): every event once the table\'s SQLite log has it, as on tables.{tableId}.events, and the last 256 again when the table\'s connection is made again or a reader asks on live.tables.{tableId}.resend. May lose or repeat a message: the pit console applies an event only when it is the next seq of its table, and takes the rest from JetStream (docs/adr/0016-a-live-path-beside-the-durable-copy.md).',
        servers: [ref('#/servers/nats')],
        parameters: { tableId: { description: 'The table id' } },
        messages: { event: ref('#/components/messages/storedEvent') },
      },
      liveResend: {
        address: 'live.tables.{tableId}.resend',
        title: 'Asking a table for its live events again',
        description: 'Core NATS: a reader that found a gap on the live path sends the seq it needs, as decimal text; the table sends again on live.tables.{tableId}.events the events it still keeps from that seq on (no reply).',
        servers: [ref('#/servers/nats')],
        parameters: { tableId: { description: 'The table id' } },
        messages: { from: { name: 'resendFrom', contentType: 'text/plain', payload: { type: 'string', pattern: '^[0-9]+$' } } },
      },
      feedTransactions: {
        address: '{subject}',
        title: 'The settlement feed',
        description: 'The wallet transactions the table\'s log owes, in log order, one at a time: the next is published once the PubAck of the one before came (docs/game-server.md). The receiver owns the stream that captures the subject (its retention and duplicate window) and reads it with a durable consumer; a transaction is sent again, unchanged, until acknowledged: de-duplicate by id.',
        servers: [ref('#/servers/nats')],
        parameters: { subject: { description: 'The table file\'s feed.jetstream.subject' } },
        messages: { transaction: ref('#/components/messages/feedTransaction') },
      },
    },
    operations: {
      sendPublicViews: { action: 'send', channel: ref('#/channels/publicViews'), messages: [ref('#/channels/publicViews/messages/view'), ref('#/channels/publicViews/messages/status')] },
      sendDealerViews: { action: 'send', channel: ref('#/channels/dealerViews'), messages: [ref('#/channels/dealerViews/messages/view'), ref('#/channels/dealerViews/messages/status')], security: ['dealer', 'supervisor', 'display'].map((r) => ref(`#/components/securitySchemes/${SCHEME_OF_ROLE[r]}`)) },
      sendSupervisorViews: { action: 'send', channel: ref('#/channels/supervisorViews'), messages: [ref('#/channels/supervisorViews/messages/view')], security: [ref('#/components/securitySchemes/supervisorToken')] },
      receiveCommands: {
        action: 'receive',
        channel: ref('#/channels/commands'),
        messages: COMMANDS.map((c) => ref(`#/channels/commands/messages/${c.name}`)),
        reply: { channel: ref('#/channels/commands'), messages: [ref('#/channels/commands/messages/answer')] },
        security: Object.values(SCHEME_OF_ROLE).map((s) => ref(`#/components/securitySchemes/${s}`)),
      },
      publishViews: { action: 'send', channel: ref('#/channels/natsViews'), messages: [ref('#/channels/natsViews/messages/view')] },
      publishHeartbeats: { action: 'send', channel: ref('#/channels/natsHeartbeats'), messages: [ref('#/channels/natsHeartbeats/messages/heartbeat')] },
      replicateEvents: { action: 'send', channel: ref('#/channels/natsEvents'), messages: [ref('#/channels/natsEvents/messages/event')] },
      publishLiveViews: { action: 'send', channel: ref('#/channels/liveViews'), messages: [ref('#/channels/liveViews/messages/view')] },
      publishLiveEvents: { action: 'send', channel: ref('#/channels/liveEvents'), messages: [ref('#/channels/liveEvents/messages/event')] },
      answerResendRequests: { action: 'receive', channel: ref('#/channels/liveResend'), messages: [ref('#/channels/liveResend/messages/from')] },
      sendFeedTransactions: { action: 'send', channel: ref('#/channels/feedTransactions'), messages: [ref('#/channels/feedTransactions/messages/transaction')] },
    },
    components: {
      schemas: componentSchemas(),
      messages: {
        view: { name: 'view', payload: ref('#/components/schemas/ViewMessage') },
        ...Object.fromEntries(commandMessageSchemas.map((c) => [`${c.name}Command`, {
          name: c.name,
          summary: `${c.what} (${c.roles.join(' or ')})`,
          payload: ref(`#/components/schemas/${c.name}Command`),
        }])),
        commandAnswer: { name: 'answer', payload: ref('#/components/schemas/CommandAnswer') },
        tableStatus: {
          name: 'status',
          summary: 'From a display gateway only: its table turned stale (not heard from: the view shown is its last) or live again',
          payload: { type: 'object', required: ['type', 'sentAt', 'status'], additionalProperties: false, properties: { type: { const: 'status' }, sentAt: { type: 'string', format: 'date-time' }, status: { enum: ['stale', 'live'] } } },
        },
        heartbeat: {
          name: 'heartbeat',
          payload: {
            type: 'object',
            required: ['tableId', 'logSeq', 'replicatedSeq', 'at'],
            properties: {
              tableId: { type: 'string' },
              logSeq: { type: 'integer', minimum: 0, description: 'The last event on the table\'s log' },
              replicatedSeq: { type: 'integer', minimum: 0, description: 'The last event its JetStream copy holds' },
              at: { type: 'string', format: 'date-time', description: 'The table\'s wall time when sent' },
            },
          },
        },
        natsView: {
          name: 'view',
          headers: { type: 'object', properties: { 'Made-At': { type: 'string', format: 'date-time', description: 'When the table made the view, right after its facts were durable (ISO 8601)' } } },
          payload: ref('#/components/schemas/View'),
        },
        storedEvent: {
          name: 'event',
          headers: {
            type: 'object',
            properties: {
              'Nats-Msg-Id': { type: 'string', description: '<tableId>:<seq>: a retried publish is stored once' },
              'Table-Seq': { type: 'string' },
              'Event-Hash': { type: 'string' },
              Batch: { type: 'string', description: '<index>/<size> within one append' },
            },
          },
          payload: ref('#/components/schemas/StoredEvent'),
        },
        feedTransaction: {
          name: 'transaction',
          headers: { type: 'object', properties: { 'Nats-Msg-Id': { type: 'string', description: 'The transaction\'s id: a repeat within the stream\'s duplicate window is stored once' } } },
          payload: ref('#/components/schemas/WalletTransaction'),
        },
      },
      securitySchemes: Object.fromEntries(Object.entries(SCHEME_OF_ROLE).map(([role, scheme]) => [scheme, {
        type: 'httpApiKey', in: 'query', name: 'token', description: `A token of the table file's roles.${role} (?token=)`,
      }])),
    },
  };
}
