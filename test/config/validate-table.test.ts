// Validate everything, then open anything: a table's configuration is refused with one line naming the
// field and the fix, and nothing is created on disk (docs/operations.md, "Start-up checks").
import { describe, expect, test } from 'vitest';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tableConfigSchema, type TableConfig } from '../../src/config/table-config.js';
import { validateTable } from '../../src/config/validate-table.js';

const folder = mkdtempSync(join(tmpdir(), 'validate-table-'));
function table(extra: Record<string, unknown> = {}): TableConfig {
  return tableConfigSchema.parse({
    id: 't1',
    rules: 'deluxe',
    store: { path: join(folder, 'not-yet', 'deeper', 't1.db') },
    roles: { dealer: [{ name: 'dealer-1', tokenEnv: 'T_DEALER_TOKEN' }] },
    ...extra,
  });
}
const env = { T_DEALER_TOKEN: 'a-dealer-token' };

describe('validateTable', () => {
  test('a complete configuration passes and creates nothing', () => {
    const { ruleSet } = validateTable(table({ seats: 7 }), env);
    expect(ruleSet.rules.name).toBe('deluxe');
    expect(existsSync(join(folder, 'not-yet'))).toBe(false);
  });

  test('an unset token variable names the role, the credential and the variable', () => {
    expect(() => validateTable(table(), {})).toThrow(/^roles\.dealer\.dealer-1: environment variable T_DEALER_TOKEN is not set/);
  });

  test('more seats than the rule set has is refused, not clipped', () => {
    expect(() => validateTable(table({ seats: 9 }), env)).toThrow('seats: 9 seats, but rule set "deluxe" has 7; set seats to 7 or fewer');
  });

  test('a rules path that does not exist says "no such rule file"', () => {
    expect(() => validateTable(table({ rules: '/x/nope.yaml' }), env)).toThrow('rules: /x/nope.yaml: no such rule file');
  });

  test('an unknown rule set name still lists the known ones', () => {
    expect(() => validateTable(table({ rules: 'pontoon' }), env)).toThrow(/rules: unknown rule set "pontoon"; known rule sets: .*six-deck/);
  });

  test('a named log key that is not set is refused', () => {
    expect(() => validateTable(table({ store: { path: join(folder, 'k.db'), keyEnv: 'T_NO_LOG_KEY' } }), env)).toThrow('store.keyEnv: environment variable T_NO_LOG_KEY is not set');
  });

  test('a database path that is a folder is refused', () => {
    expect(() => validateTable(table({ store: { path: folder } }), env)).toThrow(/store\.path: .* is a folder/);
  });
});
