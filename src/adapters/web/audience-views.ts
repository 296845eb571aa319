// Each audience's stream of views for one connection: the table's log from the store (catch-up, then
// live), projected for that audience; the first view is the table as it is when the display connected.
import type { Observable } from 'rxjs';
import { dealerView$ } from '../../app/displays/dealer-projection.js';
import { publicView$ } from '../../app/displays/public-projection.js';
import { supervisorView$ } from '../../app/displays/supervisor-projection.js';
import { tableLog$ } from '../../app/displays/table-log.js';
import type { Audience } from './audience-access.js';
import type { WebContext } from './web-context.js';

export function audienceViews$(context: WebContext, audience: Audience): Observable<unknown> {
  const { service, store, meta, decisionSeconds, bettingSeconds } = context;
  const options = { meta, rules: service.rules, decisionSeconds, ...(bettingSeconds !== undefined ? { bettingSeconds } : {}), head: service.position };
  const log$ = tableLog$(store, service.tableId);
  switch (audience) {
    case 'public':
      return publicView$(log$, options);
    case 'dealer':
      return dealerView$(log$, { ...options, live: service });
    case 'supervisor':
      return supervisorView$(log$, { ...options, live: service });
  }
}
