// ESLint holds the layers (README "Design rules"): dependencies point inward —
// rules <- round machine <- application -> ports <- adapters — and the pure core (rules, round machine,
// analysis, the wire protocol) touches no I/O. Only the layering rules are on: style is left to review.
import tseslint from 'typescript-eslint';

/** Node's built-in modules, with or without the `node:` prefix. */
const NODE_BUILTINS = {
  regex: '^(node:.*|assert|async_hooks|buffer|child_process|cluster|crypto|dgram|dns|events|fs|fs/promises|http|http2|https|module|net|os|path|perf_hooks|process|readline|stream|stream/promises|timers|timers/promises|tls|tty|url|util|v8|vm|worker_threads|zlib)$',
  message: 'The pure core does no I/O: no Node built-ins (time and randomness are inputs).',
};

/** A relative import that reaches into one of the named folders of src/. */
const into = (folders, message) => ({ regex: `^\\.{1,2}/(?:\\.\\./)*(?:src/)?(?:${folders.join('|')})(?:/|$)`, message });

const PURE_CORE = [
  NODE_BUILTINS,
  into(['adapters', 'app', 'cli', 'composition', 'log', 'config'], 'The pure core imports no adapters, application, CLI, composition, log or config.'),
];

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
    files: ['src/rules/**', 'src/round/**', 'src/analysis/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...PURE_CORE, IO_PACKAGES] }] },
  },
  {
    files: ['firmware-protocol/src/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [NODE_BUILTINS, IO_PACKAGES, { regex: '^\\.\\./(?:\\.\\./)*src/', message: 'The wire protocol is shared by both ends: it imports nothing from the controller.' }],
      }],
    },
  },
  {
    files: ['src/app/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          into(['adapters', 'cli', 'composition'], 'The application reaches the outside through src/ports, never an adapter, the CLI or the composition root.'),
          { regex: 'firmware-protocol', message: 'The application knows no wire types: the serial adapter turns shoe events into table inputs.' },
          IO_PACKAGES,
        ],
      }],
    },
  },
  {
    files: ['src/ports/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [NODE_BUILTINS, IO_PACKAGES, into(['adapters', 'app', 'cli', 'composition', 'log'], 'Ports are interfaces only: they depend on no implementation.')],
      }],
    },
  },
  {
    files: ['src/log/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [IO_PACKAGES, into(['adapters', 'app', 'cli', 'composition'], 'The log\'s logic depends on ports and the core only.')] }],
    },
  },
);
