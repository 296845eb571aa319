// The shoe link as the supervisor sees it, from the log's link notes: its state and since
// when, the shoe's serial number and firmware from the last handshake, and the error counters. A link
// that never came up after start is `connecting` until the link watchdog's linkDown fault makes it `down`.
import type { JsonObject, StoredEvent } from '../../ports/event-store.js';
import { factOf, isInputRecord, isNoteRecord } from '../audit/log-records.js';
import type { Reason } from '../../round/reasons.js';
import { codeFields } from '../../messages/render-reason.js';

export type LinkHealth = 'connecting' | 'up' | 'down';

export interface LinkView {
  readonly state: LinkHealth;
  /** The serial layer's own state name (connecting, handshaking, up, down, incompatible, closed). */
  readonly detail: string;
  readonly reason: string | null;
  /** The reason's code and values when it has them (the watchdog's linkDown pause, docs/event-log.md "Reasons"); a link's own state has none yet. */
  readonly code?: Reason['code'];
  readonly params?: Reason['params'];
  /** Wall time of the change to `state`. */
  readonly since: string | null;
  /** The shoe's serial number and firmware version from its last HELLO (firmware-protocol §8.1). */
  readonly serial: string | null;
  readonly firmware: string | null;
  /** The link's error counters, as last recorded (`link.counters`). */
  readonly counters: JsonObject | null;
}

export const NO_LINK: LinkView = { state: 'connecting', detail: 'connecting', reason: null, since: null, serial: null, firmware: null, counters: null };

function healthOf(state: string, view: LinkView): LinkHealth {
  if (state === 'up') return 'up';
  if (state === 'connecting' || state === 'handshaking') return view.state === 'connecting' ? 'connecting' : 'down';
  return 'down';
}

/** The view with no reason's code: a link's state comes as a sentence. */
function withoutCode(view: LinkView): LinkView {
  const copy: { -readonly [K in keyof LinkView]: LinkView[K] } = { ...view };
  delete copy.code;
  delete copy.params;
  return copy;
}

export function foldLink(view: LinkView, event: StoredEvent): LinkView {
  switch (event.type) {
    case 'link.state': {
      view = withoutCode(view);
      const { state, reason } = event.data as { state: string; reason?: string };
      // The controller stopped: its next run connects anew.
      if (state === 'closed') return { ...view, state: 'connecting', detail: state, reason: reason ?? null, since: event.wallTime };
      const health = healthOf(state, view);
      return { ...view, state: health, detail: state, reason: reason ?? null, since: health === view.state ? view.since : event.wallTime };
    }
    case 'link.handshake': {
      const { serialNumber, firmwareVersion } = event.data as { serialNumber?: string; firmwareVersion?: string };
      return { ...view, serial: serialNumber ?? null, firmware: firmwareVersion ?? null };
    }
    case 'link.counters':
      return { ...view, counters: event.data };
    default: {
      if (event.type === 'input' || isNoteRecord(event.type) || isInputRecord(event) || event.type === 'table.configured') return view;
      const fact = factOf(event);
      // A new run of the controller (after a crash too): the link is being connected again.
      if (fact.type === 'table.recovered' && view.state !== 'connecting') return { ...withoutCode(view), state: 'connecting', detail: 'connecting', reason: 'controller restarted', since: event.wallTime };
      // The link watchdog: no link within the set time of start.
      if (fact.type === 'table.paused' && fact.fault?.kind === 'linkDown' && view.state !== 'down') {
        return { ...withoutCode(view), state: 'down', reason: fact.reason, ...codeFields(fact), since: event.wallTime };
      }
      return view;
    }
  }
}
