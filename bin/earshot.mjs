#!/usr/bin/env node
// Earshot's command line: runs the TypeScript sources directly through tsx, so no build step is needed.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../main/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
