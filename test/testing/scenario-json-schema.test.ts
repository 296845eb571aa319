// The published JSON Schema (schema/scenario.schema.json) is the zod schema's, not a copy that drifts:
// regenerate it with `npx tsx -e "…scenarioJsonSchema()…"` (docs/qa.md) when the format changes.
import { expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scenarioJsonSchema } from '../../src/testing/scenario-schema.js';
import { ROOT } from '../support/run-cli.js';

test('schema/scenario.schema.json is what the zod schema says', () => {
  const published = JSON.parse(readFileSync(join(ROOT, 'schema/scenario.schema.json'), 'utf8')) as Record<string, unknown>;
  expect(published).toEqual(scenarioJsonSchema());
  expect(published['required']).toEqual(['rules', 'inputs', 'expect']);
});
