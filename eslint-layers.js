// What each folder of src/ may import (docs/architecture.md, "The layers"), and the ESLint rule that holds it
// (eslint.config.js turns it on). Dependencies point inward — rules <- round machine <- application -> ports
// <- adapters — and only the composition, the CLI and the package's own library know both the application
// and the adapters. A relative import (static, `export … from`, `import()`, `import('…').T`) is resolved to
// the folder it reaches; type-only imports count like the rest. A folder of src/ missing here is reported
// until it is given its place.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

const CORE = ['rules', 'round', 'analysis', 'random'];
const EVERYTHING = [...CORE, 'firmware-protocol', 'messages', 'session', 'ports', 'log', 'config', 'app', 'adapters', 'composition', 'library', 'testing', 'conformance', 'cli'];

/** Folder → the folders it may import besides itself, and why (said when an import breaks it). */
export const LAYERS = {
  // The pure core (no I/O either, eslint.config.js): the game's rules, the round machine, the exact
  // analysis, the seeded random numbers; and the wire protocol both ends share (firmware-protocol/src).
  rules: { may: [], why: 'the rules are pure functions of cards and rule sets' },
  round: { may: ['rules'], why: 'the round machine knows only the rules' },
  analysis: { may: ['rules'], why: 'the analysis computes from the rules alone' },
  random: { may: ['firmware-protocol'], why: 'seeded random numbers over the shoe\'s cards' },
  'firmware-protocol': { may: [], why: 'the wire protocol is shared by both ends: it imports nothing from the controller' },
  // Words and codes every layer speaks (the reasons' codes are the round machine's); the pages bundle them.
  messages: { may: ['rules', 'round'], why: 'the message catalogue depends on the game\'s codes only' },
  // Recorded sessions, read and replayed through the round machine.
  session: { may: ['rules', 'round', 'messages'], why: 'a recorded session is read and replayed through the round machine only' },
  // The interfaces between the application and the adapters, with the small pure pieces that go with them.
  ports: { may: ['rules', 'round', 'messages'], why: 'ports are interfaces: they depend on no implementation' },
  // The log's hash chain, its MAC and its envelopes.
  log: { may: ['ports'], why: 'the log\'s logic depends on the event store\'s port only' },
  // The table and rule files, read and validated.
  config: { may: ['rules', 'round', 'messages', 'ports', 'log'], why: 'configuration is read before the table exists: it knows no application and no adapter' },
  // What a table does with the engine: it reaches the outside through src/ports only and knows no wire type.
  app: { may: [...CORE, 'messages', 'session', 'ports', 'log', 'config'], why: 'the application reaches the outside through src/ports, never an adapter, a wire type, the CLI or the composition root' },
  // The drivers behind the ports. What they need of the application comes through src/ports.
  adapters: { may: ['rules', 'round', 'random', 'messages', 'ports', 'log', 'config', 'firmware-protocol'], why: 'adapters implement ports: what they need of the application comes through src/ports, passed in by the composition' },
  // The conformance suite drives a real shoe over the wire: the protocol only.
  conformance: { may: ['firmware-protocol', 'ports'], why: 'the conformance suite speaks the wire protocol only, on the clock it is given (src/ports/clock.ts)' },
  // The wiring of one table: the application and the adapters, not the command line above it.
  composition: { may: EVERYTHING.filter((f) => !['composition', 'cli', 'testing', 'library', 'conformance'].includes(f)), why: 'the composition wires the application to the adapters; the CLI is above it' },
  // The package's library (package.json "exports"): a table's log read, and the scenario checks, whose file
  // front-ends (src/testing/*-file.ts) raise the CLI's usage error.
  library: { may: ['rules', 'round', 'messages', 'ports', 'log', 'config', 'app', 'adapters'], why: 'the library reads a table\'s log through the application and the store adapter' },
  testing: { may: ['rules', 'round', 'session', 'messages', 'ports', 'log', 'config', 'app', 'adapters', 'library', 'cli'], why: 'the scenario checks run tables: they are no part of the composition' },
  // The command line and the package's entry point (src/index.ts) sit on top.
  cli: { may: EVERYTHING.filter((f) => f !== 'cli'), why: 'the command line is the top' },
  'index.ts': { may: ['rules', 'round', 'config', 'library'], why: 'the package\'s entry exports the library and the game' },
};

/** The layer of an absolute file path: a folder of src/ (or a file directly in it), firmware-protocol, or null outside both. */
function layerOf(file) {
  const parts = path.relative(ROOT, file).split(path.sep);
  if (parts[0] === 'src' && parts.length > 1) return parts[1];
  if (parts[0] === 'firmware-protocol') return 'firmware-protocol';
  return null;
}

const shown = (layer) => (layer === 'firmware-protocol' ? 'firmware-protocol/src' : `src/${layer}`);

/** The rule: every relative import of a file in a layer reaches itself or a layer it may import. */
export const layerImports = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      upward: '{{from}} may not import {{to}}: {{why}}. It may import {{may}} (eslint-layers.js, docs/architecture.md "The layers").',
      placeless: '{{from}} has no place in the layers: give it one in eslint-layers.js (LAYERS) and docs/architecture.md.',
    },
  },
  create(context) {
    const from = layerOf(context.filename);
    if (from === null) return {};
    const layer = LAYERS[from];
    if (!layer) return { Program: (node) => context.report({ node, messageId: 'placeless', data: { from: shown(from) } }) };
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const to = layerOf(path.resolve(path.dirname(context.filename), specifier));
      if (to === null || to === from || layer.may.includes(to)) return;
      const may = layer.may.length > 0 ? layer.may.map(shown).join(', ') : 'nothing outside itself';
      context.report({ node, messageId: 'upward', data: { from: shown(from), to: shown(to), why: layer.why, may } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => check(node, node.source.value),
      TSImportType: (node) => check(node, node.source?.value),
    };
  },
};
