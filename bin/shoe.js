#!/usr/bin/env node
// The `shoe` command installed by the package: runs the TypeScript CLI through tsx.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
