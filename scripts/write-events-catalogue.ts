// Writes the significant-events catalogue (src/app/audit/significant-events.ts) as
// docs/significant-events.json. `npm run docs:events`; a test fails when the file drifts.
import { writeFileSync } from 'node:fs';
import { significantEventsDocument } from '../src/app/audit/significant-events.js';

writeFileSync('docs/significant-events.json', `${JSON.stringify(significantEventsDocument(), null, 2)}\n`);
console.log('wrote docs/significant-events.json');
