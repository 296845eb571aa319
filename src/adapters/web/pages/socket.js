// A display's view socket: connects, hands every view to `onView`, reconnects with back-off; the
// server's clock offset keeps countdowns right when the display's clock is off.
export function connectViews(path, { onView, onStatus = () => {} }) {
  let delay = 500;
  const open = () => {
    const url = new URL(path, location.href);
    url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(url);
    socket.addEventListener('open', () => {
      delay = 500;
      onStatus('live');
    });
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(event.data);
      if (message.type !== 'view') return;
      const offsetMs = Date.parse(message.sentAt) - Date.now();
      onView(message.view, { offsetMs });
    });
    socket.addEventListener('close', (event) => {
      onStatus(event.code === 1006 ? 'reconnecting' : `reconnecting (${event.reason || event.code})`);
      setTimeout(open, delay);
      delay = Math.min(delay * 2, 10_000);
    });
  };
  open();
}
