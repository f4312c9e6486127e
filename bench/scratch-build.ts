import { buildBrowseDb } from './gen/browse-db';
import { rmSync, statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
const f = '/tmp/earshot-bench-browse.db';
for (const s of ['', '-wal', '-shm']) rmSync(f + s, { force: true });
const t0 = performance.now();
const b = buildBrowseDb(f);
console.log('built', b.episodes, b.turns, (performance.now() - t0).toFixed(0), 'ms', statSync(f).size / 1e6, 'MB');
b.db.close();
