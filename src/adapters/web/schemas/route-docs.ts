// What each read route is, in the OpenAPI document's words (the commands' come from command-specs.ts).
import type { Audience } from '../audience-access.js';

export const ROUTE_SUMMARIES = {
  liveness: 'The process answers',
  readiness: 'Ready: the log writable, the shoe link up, the event loop not stalled',
  health: 'The readiness judgement, always 200 (the staff pages poll it)',
  metrics: 'Prometheus text',
  recall: 'The last rounds, step by step',
  playOptions: 'What the players\' page may offer now',
  roundTransactions: 'A round\'s wallet transactions, derived from the log',
  feed: 'The settlement feed\'s state, per target',
} as const;

export const viewSummary = (audience: Audience): string => `The current ${audience} view`;

export const TABLE_API_TITLE = (tableId: string): string => `Blackjack table ${tableId}`;

export const GATEWAY_API_TITLE = 'Blackjack display gateway';

export const GATEWAY_API_DESCRIPTION = 'A display gateway (`shoe displays`): the public and dealer views from NATS, and health (docs/web-api.md, '
  + '"Display gateways"). Every answer that is not ok has the one error shape of the table\'s API.';

export const TABLE_API_DESCRIPTION = 'The table controller\'s command API, views, recall and health (docs/web-api.md). Every answer that is '
  + 'not ok has the one error shape (Refusal; 503: Unavailable); a route the server does not have answers 404 in the same shape. '
  + 'Money in integer minor units; seats from 1; hands from 0.';
