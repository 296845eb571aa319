// The shoe link as the supervisor sees it, from the log's link notes: its state and since
// when, the shoe's serial number and firmware from the last handshake, and the error counters. A link
// that never came up after start is `connecting` until the link watchdog's linkDown fault makes it `down`.
import type { JsonObject, StoredEvent } from '../../ports/event-store.js';
import { factOf, isInputRecord, isNoteRecord } from '../audit/log-records.js';
import { reasonSentence } from '../../messages/coded-reason.js';
import { codeFields } from '../../messages/render-reason.js';

export type LinkHealth = 'connecting' | 'up' | 'down';

export interface LinkView {
  readonly state: LinkHealth;
  /** The serial layer's own state name (connecting, handshaking, up, down, incompatible, closed). */
  readonly detail: string;
  readonly reason: string | null;
  /** The reason's code (`reason.<code>` in src/messages) and values, when it was coded where it arose (older logs: none). */
  readonly code?: string;
  readonly params?: Readonly<Record<string, string | number>>;
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

/** The view without the previous reason's code and values. */
function uncoded(view: LinkView): LinkView {
  const { code: _code, params: _params, ...rest } = view;
  return rest;
}

const coded = (code: string | undefined, params: Readonly<Record<string, string>> | undefined) => (code !== undefined ? { code, params: params ?? {} } : {});

/** A new run of the controller, in its words and by its code. */
const RESTARTED = { reason: reasonSentence({ code: 'controllerRestarted', params: {} }), code: 'controllerRestarted', params: {} };

export function foldLink(view: LinkView, event: StoredEvent): LinkView {
  switch (event.type) {
    case 'link.state': {
      const { state, reason, code, params } = event.data as { state: string; reason?: string; code?: string; params?: Record<string, string> };
      const why = { reason: reason ?? null, ...coded(code, params) };
      // The controller stopped: its next run connects anew.
      if (state === 'closed') return { ...uncoded(view), state: 'connecting', detail: state, ...why, since: event.wallTime };
      const health = healthOf(state, view);
      return { ...uncoded(view), state: health, detail: state, ...why, since: health === view.state ? view.since : event.wallTime };
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
      if (fact.type === 'table.recovered' && view.state !== 'connecting') return { ...uncoded(view), state: 'connecting', detail: 'connecting', ...RESTARTED, since: event.wallTime };
      // The link watchdog: no link within the set time of start.
      if (fact.type === 'table.paused' && fact.fault?.kind === 'linkDown' && view.state !== 'down') {
        return { ...uncoded(view), state: 'down', reason: fact.reason, ...codeFields(fact), since: event.wallTime };
      }
      return view;
    }
  }
}
