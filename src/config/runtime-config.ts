// One validated configuration for a running table: the table file, then the
// environment, then the command line, each overriding the one before. Paths in a table file resolve
// relative to that file (never to the working directory), so a table started from another folder uses
// the same data. A bad value is an error naming where it came from: the file and field, the environment
// variable, or the command-line option.
//
//   setting          table file             environment   command line
//   database folder  store.path's folder    DATA_DIR      --data-dir
//   HTTP port        http.port              PORT          --port
//   HTTP host        http.host              HOST          --host
//   NATS replica     nats.url               NATS_URL      —
//   log level        —                      LOG_LEVEL     —
//   shoe device      serial.path            —             --serial
import { basename, dirname, isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { loadTableConfig, TableConfigError, tableConfigSchema, type TableConfig } from './table-config.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The environment variables a table reads (documented in docs/operations.md, "Configure a table"). */
export const ENVIRONMENT = ['PORT', 'HOST', 'DATA_DIR', 'LOG_LEVEL', 'NATS_URL'] as const;

export interface CommandLineSettings {
  readonly dataDir?: string | undefined;
  /**
   * The database folder when neither DATA_DIR nor --data-dir is set, in place of the table file's store
   * folder: `shoe start` without --table gives `./data` under the working folder, since the bundled demo
   * table lies inside the package, which may be an installed copy under node_modules/.
   */
  readonly defaultDataDir?: string | undefined;
  readonly port?: string | undefined;
  readonly host?: string | undefined;
  readonly serial?: string | undefined;
}

export interface RuntimeConfig {
  /** The table file's settings with every override applied and every path absolute. */
  readonly table: TableConfig;
  /** The table file, absolute. */
  readonly tableFile: string;
  /** The folder holding the table's database. */
  readonly dataDir: string;
  readonly logLevel: LogLevel;
  /** The shoe's serial device, when one is set (otherwise the emulated shoe deals). */
  readonly serialPath: string | undefined;
  /** Where each overridden setting came from (for the start-up log line). */
  readonly sources: Readonly<Record<string, string>>;
}

export class RuntimeConfigError extends TableConfigError {}

const port = z.string().regex(/^\d{1,5}$/, 'expected a port number 0–65535').transform(Number).pipe(z.number().int().min(0).max(65535, 'expected a port number 0–65535'));
const host = z.string().min(1, 'expected a host name or address');
const folder = z.string().min(1, 'expected a folder');
const natsUrl = z.string().regex(/^(nats|tls|ws|wss):\/\/[^\s]+$|^[^\s:/]+(:\d+)?(,[^\s]+)*$/, 'expected a NATS URL such as nats://127.0.0.1:4222');
const logLevel = z.enum(LOG_LEVELS, { message: `expected one of ${LOG_LEVELS.join(', ')}` });
const devicePath = z.string().min(1, 'expected a serial device path');

/** Parses one override; the error names its source ("environment variable PORT", "--port"). */
function parseFrom<T>(schema: z.ZodType<T>, value: string, source: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new RuntimeConfigError(`${source}: ${parsed.error.issues[0]?.message ?? 'invalid value'}, got "${value}"`);
}

/** A path from the table file: relative to the file's folder. */
function fromFile(tableFile: string, path: string): string {
  return isAbsolute(path) ? path : resolve(dirname(tableFile), path);
}

/** A rules value is a rule set's name or a path to a rule file (a path resolves relative to the table file). */
function rulesFrom(tableFile: string, rules: string): string {
  return /[/\\]|\.(ya?ml|json)$/i.test(rules) ? fromFile(tableFile, rules) : rules;
}

/**
 * Merges the table file (already parsed), the environment and the command line into one validated
 * configuration. Precedence: command line over environment over file.
 */
export function mergeRuntimeConfig(fileConfig: TableConfig, tableFile: string, env: NodeJS.ProcessEnv = {}, cli: CommandLineSettings = {}): RuntimeConfig {
  const file = resolve(tableFile);
  const sources: Record<string, string> = {};
  /** Every bad override, one line each: all are reported at once (docs/operations.md, "Start-up checks"). */
  const problems: string[] = [];
  const parsed = <T>(schema: z.ZodType<T>, value: string, source: string): T | undefined => {
    try {
      return parseFrom(schema, value, source);
    } catch (err) {
      if (!(err instanceof RuntimeConfigError)) throw err;
      problems.push(err.message);
      return undefined;
    }
  };
  /** The override with the highest precedence that is set, parsed; undefined when none is (or it is bad). */
  const pick = <T>(schema: z.ZodType<T>, name: string, envName: string | null, option: string | null, cliValue: string | undefined): T | undefined => {
    if (cliValue !== undefined && option) {
      sources[name] = option;
      return parsed(schema, cliValue, option);
    }
    const fromEnv = envName ? env[envName] : undefined;
    if (fromEnv !== undefined && fromEnv !== '') {
      sources[name] = `environment variable ${envName}`;
      return parsed(schema, fromEnv, `environment variable ${envName}`);
    }
    return undefined;
  };

  const dataDirOverride = pick(folder, 'dataDir', 'DATA_DIR', '--data-dir', cli.dataDir) ?? cli.defaultDataDir;
  const portOverride = pick(port, 'http.port', 'PORT', '--port', cli.port);
  const hostOverride = pick(host, 'http.host', 'HOST', '--host', cli.host);
  const natsOverride = pick(natsUrl, 'nats.url', 'NATS_URL', null, undefined);
  const levelOverride = pick(logLevel, 'logLevel', 'LOG_LEVEL', null, undefined);
  const serialOverride = pick(devicePath, 'serial.path', null, '--serial', cli.serial);
  if (problems.length > 0) throw new RuntimeConfigError(problems.join('\n'));

  // The database: `{tableId}` replaced; its folder is the data folder, which DATA_DIR / --data-dir (or,
  // without them, the caller's default folder) replace.
  const dbFile = fileConfig.store.path.replaceAll('{tableId}', fileConfig.id);
  const fileDb = fromFile(file, dbFile);
  const dataDir = dataDirOverride !== undefined ? resolve(dataDirOverride) : dirname(fileDb);
  const storePath = dataDirOverride !== undefined ? resolve(dataDir, basename(dbFile)) : fileDb;

  const serial = fileConfig.serial ? { ...fileConfig.serial, path: fromFile(file, fileConfig.serial.path) } : undefined;
  const merged = {
    ...fileConfig,
    rules: rulesFrom(file, fileConfig.rules),
    store: { ...fileConfig.store, path: storePath },
    http: { host: hostOverride ?? fileConfig.http.host, port: portOverride ?? fileConfig.http.port },
    ...(serial ? { serial } : {}),
    ...(natsOverride !== undefined ? { nats: { url: natsOverride, replicas: fileConfig.nats?.replicas ?? 1 } } : fileConfig.nats ? { nats: fileConfig.nats } : {}),
  };
  // The merged object is checked again as a whole: one validated configuration.
  const table = tableConfigSchema.parse(merged);
  return {
    table,
    tableFile: file,
    dataDir,
    logLevel: levelOverride ?? 'info',
    serialPath: serialOverride ?? table.serial?.path,
    sources,
  };
}

/** Reads the table file and merges it with the environment and the command line. */
export function loadRuntimeConfig(tableFile: string, env: NodeJS.ProcessEnv = process.env, cli: CommandLineSettings = {}): RuntimeConfig {
  return mergeRuntimeConfig(loadTableConfig(tableFile), tableFile, env, cli);
}
