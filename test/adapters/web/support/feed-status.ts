// A settlement feed that fails, alarmed, as the runtime reports it (src/ports/settlement-feed.ts FeedStatus).
import type { FeedStatus } from '../../../../src/ports/settlement-feed.js';

export const FAILING_FEED: FeedStatus = {
  target: 'webhook', destination: 'https://wallet.example/feed', state: 'failing', pending: 12, pendingAtLeast: false, lagSeconds: 95.5,
  delivered: 340, retries: 17, deliveredThrough: { id: 'web-1:812:0', seq: 812 },
  lastError: { code: 'feedHttpStatus', params: { httpStatus: '503', address: 'https://wallet.example/feed' } }, alarm: { id: 'web-1:815:1', seconds: 95 },
};
