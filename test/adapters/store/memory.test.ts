import { MemoryEventLog, MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { eventStoreContract } from './event-store-contract.js';

eventStoreContract('memory', async () => {
  const log = new MemoryEventLog(); // stores opened by the factory share it: two writers, one log
  return { open: async () => new MemoryEventStore(log) };
});
