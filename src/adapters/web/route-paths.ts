// The paths of the HTTP API and the display sockets (docs/web-api.md), in one place: the server registers
// its routes under these names and the pages (./pages/) call them by the same names, so a page cannot keep
// a copy of a path that the server has moved. Plain constants: the pages' bundles import this module.

/** A display audience: each has its view socket and its view by request. */
export type ViewAudience = 'public' | 'dealer' | 'supervisor';

/** The commands' paths (POST), by the command's name (./command-specs.ts). */
export const COMMAND_PATHS = {
  bet: '/api/bets',
  cancelBet: '/api/bets/cancel',
  closeBetting: '/api/betting/close',
  openBetting: '/api/betting/open',
  decision: '/api/decisions',
  offer: '/api/offers',
  follow: '/api/follow',
  pause: '/api/supervisor/pause',
  resume: '/api/supervisor/resume',
  void: '/api/supervisor/void',
  useCard: '/api/supervisor/use-card',
  shoeChange: '/api/supervisor/shoe-change',
  dealer: '/api/dealer',
  enterCard: '/api/supervisor/enter-card',
  correctCard: '/api/supervisor/correct-card',
  moveCard: '/api/supervisor/move-card',
  burnCard: '/api/supervisor/burn-card',
  loadDiscards: '/api/supervisor/load-discards',
  countStub: '/api/supervisor/count-stub',
} as const;

export type CommandName = keyof typeof COMMAND_PATHS;

/** The reads (GET). */
export const READ_PATHS = {
  health: '/api/health',
  recall: '/api/recall',
  playOptions: '/api/play/options',
  roundTransactions: '/api/rounds/:round/transactions',
  feed: '/api/feed',
} as const;

/** An audience's view socket: `/ws/public`, `/ws/dealer`, `/ws/supervisor`. */
export function viewSocketPath(audience: ViewAudience): `/ws/${ViewAudience}` {
  return `/ws/${audience}`;
}

/** An audience's view by request: `/api/views/dealer` and the others. */
export function viewPath(audience: ViewAudience): `/api/views/${ViewAudience}` {
  return `/api/views/${audience}`;
}
