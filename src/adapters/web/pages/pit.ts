// The pit console's script (src/adapters/web/pit-page.ts makes the page): every second it asks for the page
// again, with the same address (its token and language), and puts the new board in place of the old.
const REFRESH_MS = 1000;

async function refresh(): Promise<void> {
  try {
    const response = await fetch(location.href, { headers: { accept: 'text/html' }, cache: 'no-store' });
    if (response.ok) {
      const next = new DOMParser().parseFromString(await response.text(), 'text/html').getElementById('pit-board');
      const board = document.getElementById('pit-board');
      if (next && board) board.replaceWith(document.importNode(next, true));
    }
  } catch {
    // The console's server is away: the board stays as it was, and the next look tries again.
  }
  setTimeout(() => void refresh(), REFRESH_MS);
}

setTimeout(() => void refresh(), REFRESH_MS);
