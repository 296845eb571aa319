import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../src/adapters/store/sqlite-event-store.js';
import { eventStoreContract } from './event-store-contract.js';

eventStoreContract('sqlite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'store-contract-'));
  return {
    // NORMAL keeps the contract run quick; FULL is the default and is exercised in sqlite-durability.test.ts.
    open: async () => new SqliteEventStore({ path: join(dir, '{tableId}.db'), synchronous: 'NORMAL', pollIntervalMs: 100 }),
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
});
