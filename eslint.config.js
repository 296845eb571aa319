// ESLint holds the layers (README "Design rules", docs/architecture.md "The layers"): dependencies point
// inward — rules <- round machine <- application -> ports <- adapters — by what each folder of src/ may import
// (eslint-layers.js), and the pure core (rules, round machine, analysis, random numbers, recorded sessions,
// messages, the wire protocol) and the ports touch no I/O. Only the layering rules are on: style is left to review.
import tseslint from 'typescript-eslint';
import { layerImports } from './eslint-layers.js';

/** Node's built-in modules, with or without the `node:` prefix. */
const NODE_BUILTINS = {
  regex: '^(node:.*|assert|async_hooks|buffer|child_process|cluster|crypto|dgram|dns|events|fs|fs/promises|http|http2|https|module|net|os|path|perf_hooks|process|readline|stream|stream/promises|timers|timers/promises|tls|tty|url|util|v8|vm|worker_threads|zlib)$',
  message: 'The pure core does no I/O: no Node built-ins (time and randomness are inputs).',
};

/** Third-party packages that do I/O (the pino logger is allowed everywhere: it is how every layer reports). */
const IO_PACKAGES = {
  regex: '^(better-sqlite3|serialport|@serialport/.*|nats|fastify|@fastify/.*|ws|prom-client|close-with-grace)$',
  message: 'This layer does no I/O: adapters own the drivers.',
};

/**
 * The pages' scripts (src/adapters/web/pages/) run in the browser: from the server they take only the
 * paths of its routes (../route-paths.ts) and the shapes of its views (`import type`, erased by the bundler);
 * nothing of Node, no driver, nothing else of the server. The pages' bundles contain only what they import.
 */
const PAGES = [
  { ...NODE_BUILTINS, message: 'The pages run in the browser: no Node built-ins.' },
  { ...IO_PACKAGES, message: 'The pages run in the browser: they reach the table through its API only.' },
  {
    // ../route-paths.js and the shared message catalogue (src/messages/, pure) are the server's modules a page may bundle.
    regex: '^\\.\\./(?!route-paths\\.js$|\\.\\./\\.\\./messages/)',
    allowTypeImports: true,
    message: 'A page imports from the server only its route paths (../route-paths.js), the shared message catalogue (src/messages/) and, as `import type`, the shapes of its views.',
  },
];

/**
 * Time is an input (docs/adr/0007-time-and-randomness-are-inputs.md; docs/architecture.md, "The clock"): in
 * src/ only the clock adapter (src/adapters/clock/) reads the machine's time or sets Node's timers. Everything
 * else takes the table's Clock (src/ports/clock.ts), or, where a tool measures real time, the process's clock
 * from src/adapters/clock/real-clock.ts. The pages run in the browser and keep the browser's.
 */
const CLOCK_MESSAGE = 'Time is an input: take the table\'s Clock (src/ports/clock.ts), or the process\'s from src/adapters/clock/real-clock.ts.';
const CLOCK_GLOBALS = ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'].map((name) => ({ name, message: CLOCK_MESSAGE }));
const CLOCK_PROPERTIES = [
  { object: 'Date', property: 'now' },
  { object: 'performance', property: 'now' },
  ...['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'performance'].map((property) => ({ object: 'globalThis', property })),
].map((p) => ({ ...p, message: CLOCK_MESSAGE }));
const CLOCK_SYNTAX = [{ selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: `new Date() reads the clock. ${CLOCK_MESSAGE}` }];
const CLOCK_IMPORTS = [
  { name: 'timers', message: CLOCK_MESSAGE },
  { name: 'node:timers', message: CLOCK_MESSAGE },
  { name: 'timers/promises', message: CLOCK_MESSAGE },
  { name: 'node:timers/promises', message: CLOCK_MESSAGE },
  { name: 'perf_hooks', importNames: ['performance'], message: CLOCK_MESSAGE },
  { name: 'node:perf_hooks', importNames: ['performance'], message: CLOCK_MESSAGE },
];

/** Node's globals, which a page has not: a page that uses one type-checks (the view types bring Node's types) but breaks in the browser. */
const NODE_GLOBALS = ['process', 'Buffer', 'global', 'require', 'module', '__dirname', '__filename', 'setImmediate', 'clearImmediate']
  .map((name) => ({ name, message: 'The pages run in the browser: Node\'s globals are not there.' }));

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'start-build*/**', 'bench-dist-*/**', 'data/**', 'test-output/**', 'firmware-protocol/vectors/**'] },
  {
    files: ['**/*.ts', '**/*.mts', '**/*.cts'],
    languageOptions: { parser: tseslint.parser, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['src/adapters/web/pages/**'],
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: PAGES }],
      'no-restricted-globals': ['error', ...NODE_GLOBALS],
    },
  },
  {
    // Every folder of src/ (the pages excepted: their block above) imports only what eslint-layers.js allows it.
    files: ['src/**/*.ts', 'firmware-protocol/src/**/*.ts'],
    ignores: ['src/adapters/web/pages/**'],
    plugins: { layers: { rules: { imports: layerImports } } },
    rules: { 'layers/imports': 'error' },
  },
  {
    // Time is an input (docs/adr/0007-time-and-randomness-are-inputs.md): only the clock adapter reads the machine's.
    files: ['src/**'],
    ignores: ['src/adapters/clock/**', 'src/adapters/web/pages/**'],
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      'no-restricted-globals': ['error', ...CLOCK_GLOBALS],
      'no-restricted-properties': ['error', ...CLOCK_PROPERTIES],
      'no-restricted-syntax': ['error', ...CLOCK_SYNTAX],
      '@typescript-eslint/no-restricted-imports': ['error', { paths: CLOCK_IMPORTS }],
    },
  },
  {
    // No I/O: the pure core, the messages (the pages bundle them), the ports and the wire protocol.
    files: ['src/rules/**', 'src/round/**', 'src/analysis/**', 'src/random/**', 'src/session/**', 'src/messages/**', 'src/ports/**', 'firmware-protocol/src/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NODE_BUILTINS, IO_PACKAGES] }] },
  },
  {
    // The application and the log's logic use Node, but no driver: adapters own them.
    files: ['src/app/**', 'src/log/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [IO_PACKAGES] }] },
  },
);
