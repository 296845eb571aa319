// A display's view socket: connects, hands every view to `onView`, reconnects with back-off; the
// server's clock offset keeps countdowns right when the display's clock is off. When a socket closes
// before it ever opened and `authCheck` is given, one plain request asks why: a refused credential
// stops the retries (each refusal is recorded on the table's log) and says why, in the page's words.
import type { Answer } from './api.js';
import { refusedReason } from './words.js';

/** A view socket's message (src/adapters/web/view-sockets.ts): only `view` messages are drawn. */
interface ViewMessage<V> {
  readonly type: string;
  readonly sentAt: string;
  readonly view: V;
}

export interface ViewHandlers<V> {
  /** Every view, with the server's clock less the display's. */
  readonly onView: (view: V, clock: { readonly offsetMs: number }) => void;
  /** 'live', 'stale' (a gateway's table not heard from), 'reconnecting…', or 'not allowed: <why>' once a credential is refused. */
  readonly onStatus?: (status: string) => void;
  /** Where to ask, with which token, why a socket closed before it opened. */
  readonly authCheck?: { readonly path: string; readonly token: string } | null;
}

export function connectViews<V>(path: string, { onView, onStatus = () => {}, authCheck = null }: ViewHandlers<V>): void {
  let delay = 500;
  const retry = () => {
    setTimeout(open, delay);
    delay = Math.min(delay * 2, 10_000);
  };
  const refusedCredential = async (): Promise<string | null> => {
    if (!authCheck) return null;
    try {
      const response = await fetch(authCheck.path, { headers: { authorization: `Bearer ${authCheck.token}` } });
      if (response.status !== 401 && response.status !== 403) return null;
      return refusedReason(await response.json() as Answer, response.status);
    } catch {
      return null;
    }
  };
  const open = (): void => {
    const url = new URL(path, location.href);
    url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(url);
    let opened = false;
    socket.addEventListener('open', () => {
      opened = true;
      delay = 500;
      onStatus('live');
    });
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as ViewMessage<V> & { readonly status?: string };
      // A gateway says when its table stops being heard from, and when it is back (docs/web-api.md).
      if (message.type === 'status') return onStatus(message.status === 'stale' ? 'stale' : 'live');
      if (message.type !== 'view') return;
      const offsetMs = Date.parse(message.sentAt) - Date.now();
      onView(message.view, { offsetMs });
    });
    socket.addEventListener('close', async (event) => {
      if (!opened) {
        const refused = await refusedCredential();
        if (refused) {
          onStatus(`not allowed: ${refused}`);
          return;
        }
      }
      onStatus(event.code === 1006 ? 'reconnecting' : `reconnecting (${event.reason || event.code})`);
      retry();
    });
  };
  open();
}
