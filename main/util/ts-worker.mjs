// Runs a TypeScript worker-thread module from the sources (the desktop build bundles workers instead).
//
// esbuild bundles the module with the repository files it imports into one ES module (packages stay external), cached
// in node_modules/.cache/earshot-workers ($EARSHOT_WORKER_CACHE elsewhere) and rebuilt when any of its inputs changes. A worker loaded this way starts in
// ≈0.15 s; through tsx's loader, which compiles and resolves every file over a cross-thread hook, it takes ≈1 s. If
// bundling is not possible, the module runs through tsx.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CACHE = process.env.EARSHOT_WORKER_CACHE ?? join(ROOT, 'node_modules', '.cache', 'earshot-workers');

/** Modification time and size of each input, as recorded beside the bundle. */
function stamp(file) {
  const s = statSync(file);
  return `${s.mtimeMs}:${s.size}`;
}

function isFresh(inputsFile) {
  try {
    const inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
    return Object.entries(inputs).every(([file, recorded]) => stamp(file) === recorded);
  } catch {
    return false;
  }
}

async function bundle(entry) {
  const key = createHash('sha256').update(entry).digest('hex').slice(0, 16);
  const out = join(CACHE, `${key}.mjs`);
  const inputsFile = `${out}.inputs.json`;
  if (isFresh(inputsFile)) return out;
  const { buildSync } = await import('esbuild');
  const result = buildSync({
    entryPoints: [entry],
    absWorkingDir: ROOT,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    metafile: true,
    outfile: out,
    logLevel: 'silent',
  });
  mkdirSync(CACHE, { recursive: true });
  const inputs = Object.fromEntries(Object.keys(result.metafile.inputs).map((f) => [resolve(ROOT, f), stamp(resolve(ROOT, f))]));
  // written under temporary names and renamed, so workers starting together never read a half-written bundle
  const tmp = `${out}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(tmp, result.outputFiles[0].contents);
  renameSync(tmp, out);
  writeFileSync(`${tmp}.json`, JSON.stringify(inputs));
  renameSync(`${tmp}.json`, inputsFile);
  return out;
}

/** Runs the TypeScript module at `moduleUrl` in this thread. */
export async function runTsWorker(moduleUrl) {
  let bundled;
  try {
    bundled = await bundle(fileURLToPath(moduleUrl));
  } catch {
    bundled = null;
  }
  if (bundled) {
    await import(pathToFileURL(bundled).href);
    return;
  }
  const { register } = await import('tsx/esm/api');
  register();
  await import(moduleUrl.href);
}
