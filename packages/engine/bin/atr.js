#!/usr/bin/env node
// The `atr` command: loads the TypeScript CLI through tsx, so it runs straight from the sources.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
