// One validated configuration: table file < environment < command line; paths in a table file
// resolve relative to that file; a bad value names its source.
import { describe, expect, test } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRuntimeConfig, RuntimeConfigError } from '../../src/config/runtime-config.js';
import { TableConfigError } from '../../src/config/table-config.js';

const DEMO = fileURLToPath(new URL('../../config/tables/demo.yaml', import.meta.url));
const REPO = fileURLToPath(new URL('../../', import.meta.url));

function tableFile(yaml: string): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'runtime-config-'));
  mkdirSync(join(dir, 'tables'));
  const file = join(dir, 'tables', 'floor-3.yaml');
  writeFileSync(file, yaml);
  return { dir, file };
}

const BASE = `id: floor-3
rules: ../rules/house.yaml
serial: { path: ./dev/shoe0 }
store: { path: "../var/{tableId}.db" }
http: { host: 0.0.0.0, port: 8090 }
nats: { url: "nats://file-host:4222" }
roles: {}
`;

describe('runtime configuration', () => {
  test('paths in the table file resolve relative to that file, not the working directory', () => {
    const { dir, file } = tableFile(BASE);
    const config = loadRuntimeConfig(file, {});
    expect(config.table.store.path).toBe(join(dir, 'var', 'floor-3.db'));
    expect(config.dataDir).toBe(join(dir, 'var'));
    expect(config.table.rules).toBe(join(dir, 'rules', 'house.yaml'));
    expect(config.serialPath).toBe(join(dir, 'tables', 'dev', 'shoe0'));
    expect(config.table.http).toEqual({ host: '0.0.0.0', port: 8090 });
    expect(config.table.nats?.url).toBe('nats://file-host:4222');
    expect(config.logLevel).toBe('info');
    expect(config.sources).toEqual({});
  });

  test('a rule set named by its name stays a name', () => {
    const { file } = tableFile(BASE.replace('rules: ../rules/house.yaml', 'rules: six-deck'));
    expect(loadRuntimeConfig(file, {}).table.rules).toBe('six-deck');
  });

  test('the demo table keeps its data in the repository, wherever it is started from', () => {
    const before = process.cwd();
    try {
      process.chdir(tmpdir());
      const config = loadRuntimeConfig(DEMO, {});
      expect(config.table.store.path).toBe(join(REPO, 'data', 'demo-1.db'));
    } finally {
      process.chdir(before);
    }
  });

  test('the environment overrides the file', () => {
    const { file } = tableFile(BASE);
    const config = loadRuntimeConfig(file, { PORT: '9001', HOST: '127.0.0.2', DATA_DIR: '/srv/tables', LOG_LEVEL: 'warn', NATS_URL: 'nats://env-host:4222' });
    expect(config.table.http).toEqual({ host: '127.0.0.2', port: 9001 });
    expect(config.dataDir).toBe('/srv/tables');
    expect(config.table.store.path).toBe('/srv/tables/floor-3.db');
    expect(config.logLevel).toBe('warn');
    expect(config.table.nats?.url).toBe('nats://env-host:4222');
    expect(config.sources).toMatchObject({ 'http.port': 'environment variable PORT', dataDir: 'environment variable DATA_DIR' });
  });

  test('the command line overrides the environment', () => {
    const { file } = tableFile(BASE);
    const config = loadRuntimeConfig(file, { PORT: '9001', DATA_DIR: '/srv/tables' }, { port: '9002', dataDir: '/mnt/other', serial: '/dev/ttyACM3' });
    expect(config.table.http.port).toBe(9002);
    expect(config.table.store.path).toBe('/mnt/other/floor-3.db');
    expect(config.serialPath).toBe('/dev/ttyACM3');
    expect(config.sources).toMatchObject({ 'http.port': '--port', dataDir: '--data-dir', 'serial.path': '--serial' });
  });

  test('an empty environment variable is not set', () => {
    const { file } = tableFile(BASE);
    expect(loadRuntimeConfig(file, { PORT: '' }).table.http.port).toBe(8090);
  });

  test.each([
    [{ PORT: 'eighty' }, {}, /^environment variable PORT: expected a port number 0–65535, got "eighty"$/],
    [{ PORT: '70000' }, {}, /^environment variable PORT: .*got "70000"$/],
    [{}, { port: '-1' }, /^--port: expected a port number/],
    [{ LOG_LEVEL: 'loud' }, {}, /^environment variable LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent, got "loud"$/],
    [{ NATS_URL: 'http://x y' }, {}, /^environment variable NATS_URL: expected a NATS URL/],
  ])('a bad value names its source: %o %o', (env, cli, message) => {
    const { file } = tableFile(BASE);
    expect(() => loadRuntimeConfig(file, env, cli)).toThrow(RuntimeConfigError);
    expect(() => loadRuntimeConfig(file, env, cli)).toThrow(message);
  });

  test('every bad value at once, one line each', () => {
    const { file } = tableFile(BASE);
    expect(() => loadRuntimeConfig(file, { PORT: 'eighty', LOG_LEVEL: 'loud' }, { host: '' })).toThrow(
      /^environment variable PORT: [^\n]*\n--host: expected a host name or address, got ""\nenvironment variable LOG_LEVEL: [^\n]*"loud"$/,
    );
  });

  test('the command line wins even over a bad environment value it replaces', () => {
    const { file } = tableFile(BASE);
    expect(loadRuntimeConfig(file, { PORT: 'eighty' }, { port: '8081' }).table.http.port).toBe(8081);
  });

  test('a bad field in the file still names the file and the field', () => {
    const { file } = tableFile(BASE.replace('port: 8090', 'port: "x"'));
    expect(() => loadRuntimeConfig(file, {})).toThrow(TableConfigError);
    expect(() => loadRuntimeConfig(file, {})).toThrow(new RegExp(`${file}.*http\\.port`));
  });
});

describe('the production example (config/tables/example-production.yaml, docs/operations.md)', () => {
  test('loads, every credential named by an environment variable, the environment overriding the file', () => {
    const file = fileURLToPath(new URL('../../config/tables/example-production.yaml', import.meta.url));
    const config = loadRuntimeConfig(file, { DATA_DIR: '/srv/blackjack', LOG_LEVEL: 'warn' });
    expect(config.table).toMatchObject({ id: 'floor-3', rules: 'deluxe', bettingSeconds: 15, linkTimeoutSeconds: 5, decisionTimerSeconds: 15, idempotency: { keepShoes: 2, maxKeys: 20_000 } });
    expect(config.table.store.path).toBe('/srv/blackjack/floor-3.db');
    expect(config.serialPath).toMatch(/^\/dev\/serial\/by-id\//);
    expect(Object.values(config.table.roles).flat().every((c) => c.tokenEnv !== undefined && c.token === undefined)).toBe(true);
  });
});
