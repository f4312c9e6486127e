import Database from 'better-sqlite3';
import { performance } from 'node:perf_hooks';
const db = new Database(process.argv[3], { readonly: true });
const cols = `e.id, e.study_id, e.external_id, e.benchmark, e.system, e.task, e.trial, e.condition, e.outcome, e.reward, e.duration_ms, e.judge_label`;
const qs: [string, string][] = [
  ['count', 'SELECT COUNT(*) FROM episodes e WHERE e.study_id = 1'],
  ['page id nulls last', `SELECT ${cols} FROM episodes e WHERE e.study_id = 1 ORDER BY e.id ASC NULLS LAST, e.id ASC LIMIT 200 OFFSET 99800`],
  ['page id plain', `SELECT ${cols} FROM episodes e WHERE e.study_id = 1 ORDER BY e.id ASC LIMIT 200 OFFSET 99800`],
  ['page id plain off0', `SELECT ${cols} FROM episodes e WHERE e.study_id = 1 ORDER BY e.id ASC LIMIT 200 OFFSET 0`],
  ['dur desc', `SELECT ${cols} FROM episodes e WHERE e.study_id = 1 ORDER BY e.duration_ms DESC NULLS LAST, e.id DESC LIMIT 200 OFFSET 50000`],
  ['dur desc ids only', `SELECT e.id FROM episodes e WHERE e.study_id = 1 ORDER BY e.duration_ms DESC NULLS LAST, e.id DESC LIMIT 200 OFFSET 50000`],
];
for (const [n, sql] of qs) {
  const st = db.prepare(sql);
  const ts: number[] = [];
  for (let i = 0; i < 5; i++) { const t0 = performance.now(); st.all(); ts.push(performance.now() - t0); }
  console.log(n.padEnd(22), ts.map((t) => t.toFixed(1)).join(' '));
  console.log('   ', (db.prepare('EXPLAIN QUERY PLAN ' + sql).all() as any[]).map((r) => r.detail).join(' | '));
}
