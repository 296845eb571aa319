// Table configuration files: validated at start; an error names the file and the field;
// credentials from the file or the environment.
import { describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { credentialIndex, loadTableConfig, TableConfigError } from '../../src/config/table-config.js';

const DEMO = new URL('../../config/tables/demo.yaml', import.meta.url).pathname;

function variant(edit: (text: string) => string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'table-')), 'table.yaml');
  writeFileSync(path, edit(readFileSync(DEMO, 'utf8')));
  return path;
}

describe('table configuration', () => {
  test('the demo table loads, with a credential per role', () => {
    const config = loadTableConfig(DEMO);
    expect(config.id).toBe('demo-1');
    const index = credentialIndex(config);
    expect(index.get('demo-supervisor-token')).toEqual({ role: 'supervisor', name: 'supervisor-1' });
    expect(index.size).toBe(4);
  });

  test('a bad field is refused naming the file and the field', () => {
    const path = variant((t) => t.replace('port: 8080', 'port: "eighty"'));
    expect(() => loadTableConfig(path)).toThrow(TableConfigError);
    expect(() => loadTableConfig(path)).toThrow(new RegExp(`${path}.*http\\.port`));
  });

  test('a file that is not YAML is refused in one line naming the file and the place', () => {
    const path = variant(() => 'tableId: [\n');
    expect(() => loadTableConfig(path)).toThrow(TableConfigError);
    expect(() => loadTableConfig(path)).toThrow(new RegExp(`^${path}: not valid YAML: .* at line \\d+, column \\d+$`));
  });

  test('idempotency keys: kept the current shoe and the one before by default; a retention of no shoe is refused by name', () => {
    expect(loadTableConfig(DEMO).idempotency).toEqual({ keepShoes: 2, maxKeys: 20_000 });
    expect(loadTableConfig(variant((t) => `${t}\nidempotency: { keepShoes: 1 }\n`)).idempotency).toEqual({ keepShoes: 1, maxKeys: 20_000 });
    expect(() => loadTableConfig(variant((t) => `${t}\nidempotency: { keepShoes: 0 }\n`))).toThrow(/idempotency\.keepShoes/);
  });

  test('an unknown field is refused by name', () => {
    expect(() => loadTableConfig(variant((t) => `${t}\nserail: { path: /dev/ttyUSB0 }\n`))).toThrow(/serail/);
  });

  test('a credential names its token or an environment variable, not both; a missing variable is an error', () => {
    expect(() => loadTableConfig(variant((t) => t.replace('token: demo-dealer-token', 'token: demo-dealer-token, tokenEnv: DEALER_TOKEN')))).toThrow(/roles\.dealer\.0.*exactly one/);
    const config = loadTableConfig(variant((t) => t.replace('token: demo-dealer-token', 'tokenEnv: DEALER_TOKEN')));
    expect(() => credentialIndex(config, {})).toThrow(/DEALER_TOKEN is not set/);
    expect(credentialIndex(config, { DEALER_TOKEN: 'from-the-environment' }).get('from-the-environment')).toEqual({ role: 'dealer', name: 'dealer-1' });
  });

  test('the currency is an ISO 4217 code, EUR when the file names none', () => {
    expect(loadTableConfig(DEMO).currency).toBe('EUR');
    expect(loadTableConfig(variant((t) => t.replace('currency: EUR', 'currency: RUB'))).currency).toBe('RUB');
    expect(loadTableConfig(variant((t) => t.replace(/^currency: .*$/m, ''))).currency).toBe('EUR');
    expect(() => loadTableConfig(variant((t) => t.replace('currency: EUR', 'currency: eur')))).toThrow(/currency: an ISO 4217 currency code/);
  });
});
