// The significant-events catalogue (src/app/audit/significant-events.ts): docs/significant-events.json is what
// `npm run docs:events` writes now, docs/procedures.md lists every code, and every code the table uses for a
// fault, a halt, an alarm, a procedure or a supervisor's action — in the message catalogues and the alarms — has
// an entry with a level, who clears it and a clause.
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SIGNIFICANT_EVENTS, significantEventsDocument } from '../../src/app/audit/significant-events.js';
import { MESSAGES_EN } from '../../src/messages/catalogue-en.js';
import { SHOE_FAULTS, SUPERVISOR_ACTIONS } from '../../src/round/inputs.js';

const ROOT = join(import.meta.dirname, '../..');
const codes = new Set(SIGNIFICANT_EVENTS.map((e) => e.code));

/** The codes the message catalogue words: `fault.X`, `halt.X`, `alarm.X` (not the catch-all `other`). */
function catalogueCodes(): string[] {
  return Object.keys(MESSAGES_EN)
    .filter((key) => /^(fault|halt|alarm)\.[A-Za-z]+$/.test(key) && !key.endsWith('.other'));
}

/** The alarm kinds the alarms module raises, read from its source (a kind added there must be catalogued). */
function alarmKinds(): string[] {
  const source = readFileSync(join(ROOT, 'src/app/displays/integrity-alarms.ts'), 'utf8');
  const union = /export type AlarmKind = ([^;]+);/.exec(source)?.[1] ?? '';
  return [...union.matchAll(/'([A-Za-z]+)'/g)].map((m) => `alarm.${m[1]}`);
}

describe('significant events', () => {
  test('docs/significant-events.json is what npm run docs:events writes now', () => {
    const committed = readFileSync(join(ROOT, 'docs/significant-events.json'), 'utf8');
    expect(committed, 'stale: run npm run docs:events').toBe(`${JSON.stringify(significantEventsDocument(), null, 2)}\n`);
  });

  test('every fault, halt and alarm the catalogues and the alarms use has an entry', () => {
    const used = [...catalogueCodes(), ...alarmKinds(), ...SHOE_FAULTS.map((f) => `fault.${f}`)];
    expect(used.length).toBeGreaterThan(20);
    for (const code of used) expect(codes, `${code} missing from the significant-events catalogue`).toContain(code);
  });

  test('every supervisor action is a procedure or an override in the catalogue', () => {
    for (const action of SUPERVISOR_ACTIONS) {
      expect(codes.has(`procedure.${action}`) || codes.has(`override.${action}`), `${action} missing`).toBe(true);
    }
  });

  test('each entry has its words, a level, who clears it and a clause; codes are unique; docs/procedures.md lists them all', () => {
    expect(codes.size).toBe(SIGNIFICANT_EVENTS.length);
    const doc = readFileSync(join(ROOT, 'docs/procedures.md'), 'utf8');
    for (const e of SIGNIFICANT_EVENTS) {
      expect(e.what.length, e.code).toBeGreaterThan(10);
      expect(e.clearedBy.length, e.code).toBeGreaterThan(5);
      expect(e.clause.length, e.code).toBeGreaterThan(5);
      expect(doc, `docs/procedures.md lists ${e.code}`).toContain(`\`${e.code}\``);
    }
  });
});
