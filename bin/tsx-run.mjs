#!/usr/bin/env node
// Runs one TypeScript file of the repository through tsx (used by npm scripts such as `bench`).
import { register } from 'tsx/esm/api';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

register();
await import(pathToFileURL(resolve(process.argv[2])).href);
