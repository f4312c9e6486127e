import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'earshot-ts-worker-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const helper = new URL('./ts-worker.mjs', import.meta.url).href;

/** Runs `file` through runTsWorker on a worker thread and returns the first message it posts. */
function runWorker(file: string): Promise<unknown> {
  const worker = new Worker(`import(${JSON.stringify(helper)}).then((m) => m.runTsWorker(new URL(require('node:worker_threads').workerData)))`, {
    eval: true,
    workerData: pathToFileURL(file).href,
    // bundles of this test's modules go to its own folder, removed with it
    env: { ...process.env, EARSHOT_WORKER_CACHE: join(dir, 'cache') },
  });
  return new Promise((resolve, reject) => {
    worker.once('message', (m) => {
      void worker.terminate();
      resolve(m);
    });
    worker.once('error', reject);
  });
}

const source = (value: string) => `import { parentPort } from 'node:worker_threads';\nimport { label } from './label';\nconst value: string = ${JSON.stringify(value)};\nparentPort!.postMessage(label(value));\n`;

describe('runTsWorker', () => {
  it('runs a TypeScript module and the files it imports, and rebuilds its bundle when any of them changes', async () => {
    const main = join(dir, 'main.ts');
    const label = join(dir, 'label.ts');
    writeFileSync(main, source('one'));
    writeFileSync(label, 'export const label = (v: string): string => `<${v}>`;\n');
    expect(await runWorker(main)).toBe('<one>');
    expect(readdirSync(join(dir, 'cache')).filter((f) => f.endsWith('.mjs'))).toHaveLength(1);
    expect(await runWorker(main)).toBe('<one>');
    writeFileSync(label, 'export const label = (v: string): string => `[${v}]`;\n');
    utimesSync(label, new Date(), new Date(Date.now() + 5_000));
    expect(await runWorker(main)).toBe('[one]');
    writeFileSync(main, source('two'));
    utimesSync(main, new Date(), new Date(Date.now() + 10_000));
    expect(await runWorker(main)).toBe('[two]');
  });
});
