// The pit console's script (src/adapters/web/pit-page.ts makes the page): the server pushes the board as
// it changes, and at least every second, as server-sent events from /pit/board with the page's own query
// (its token and language: src/adapters/web/pit-board-stream.ts); each puts the new board in place of the
// old. While the server is away the board stays as it was and the browser connects again by itself.
const source = new EventSource(`/pit/board${location.search}`);
source.addEventListener('board', (message) => {
  const next = new DOMParser().parseFromString((message as MessageEvent<string>).data, 'text/html').getElementById('pit-board');
  const board = document.getElementById('pit-board');
  if (next && board) board.replaceWith(document.importNode(next, true));
});
