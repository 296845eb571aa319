// The settlement feed on the supervisor's console (docs/operations.md, "The settlement feed"): per target,
// delivering, behind or failing — with what waits, how old the oldest is and the last error in words — and,
// while a transaction stays undelivered past the table's `feed.undeliveredAlarmSeconds`, the alarm with what
// to do. Read from GET /api/feed with the console's token, polled: it must show while the views stand still.
// The panel stays hidden on a table without a feed.
import type { FeedStatus } from '../../../ports/settlement-feed.js';
import { READ_PATHS } from '../route-paths.js';
import { getJson } from './api.js';
import { h, replace } from './dom.js';
import { t } from './i18n.js';
import { reasonWords } from './reason-words.js';

const EVERY_MS = 3000;

function feedLine(feed: FeedStatus): HTMLLIElement {
  const details = [
    feed.pendingAtLeast ? t('sup.feedPendingAtLeast', { count: feed.pending }) : feed.pending === 0 ? t('sup.feedNothing') : t('sup.feedPending', { count: feed.pending }),
    feed.pending > 0 ? t('sup.feedLag', { seconds: Math.round(feed.lagSeconds) }) : null,
    feed.deliveredThrough ? t('sup.feedThrough', { id: feed.deliveredThrough.id }) : null,
  ].filter((part): part is string => part !== null);
  return h('li', { class: `feed ${feed.state}`, 'data-feed': feed.target, 'data-feed-state': feed.state },
    h('span', { class: `feed-name feed-state ${feed.state}` }, t('sup.feedLine', { target: t(`sup.feedTarget.${feed.target}`), destination: feed.destination, state: t(`sup.feedState.${feed.state}`) })),
    h('span', { class: 'muted' }, details.join(' · ')),
    feed.state === 'failing' && feed.lastError ? h('span', { class: 'feed-error' }, t('sup.feedError', { error: reasonWords(feed.lastError) })) : null,
    feed.alarm ? h('span', { class: 'alarm feed-alarm', 'data-feed-alarm': feed.alarm.id },
      h('span', { class: 'alarm-name' }, t('sup.feedAlarm', { id: feed.alarm.id, seconds: feed.alarm.seconds })),
      h('span', { class: 'advice' }, t('sup.feedTodo'))) : null);
}

/** Polls the feed's state into the panel `panelId` (its list goes in `listId`). */
export function watchFeed(panelId: string, listId: string, token: string): void {
  const panel = document.getElementById(panelId);
  if (!panel) return;
  const poll = async (): Promise<void> => {
    try {
      const { status, answer } = await getJson<{ feeds: FeedStatus[] }>(READ_PATHS.feed, token);
      const feeds = status === 200 && Array.isArray(answer.feeds) ? answer.feeds : [];
      panel.hidden = feeds.length === 0;
      panel.classList.toggle('hot', feeds.some((feed) => feed.alarm !== null || feed.state === 'failing'));
      replace(listId, h('ul', {}, feeds.map(feedLine)));
    } catch {
      // The host alarm line says when the controller does not answer (./host-alarm.ts).
    }
  };
  void poll();
  setInterval(() => void poll(), EVERY_MS);
}
