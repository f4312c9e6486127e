import Database from 'better-sqlite3';
import { performance } from 'node:perf_hooks';
const db = new Database(process.argv[3]);
const run = (n: string, sql: string, reps = 5) => {
  const st = db.prepare(sql);
  const ts: number[] = [];
  let len = 0;
  for (let i = 0; i < reps; i++) { const t0 = performance.now(); const r = st.all(1); len = r.length; ts.push(performance.now() - t0); }
  ts.sort((a, b) => a - b);
  console.log(n.padEnd(40), 'median', ts[Math.floor(reps / 2)].toFixed(1), 'min', ts[0].toFixed(1), 'rows', len);
  console.log('   ', (db.prepare('EXPLAIN QUERY PLAN ' + sql).all(1) as any[]).map((r) => r.detail).join(' | '));
};
for (const col of ['system', 'outcome', 'judge_label']) run(`distinct ${col}`, `SELECT DISTINCT ${col} AS v FROM episodes WHERE study_id = ? AND ${col} IS NOT NULL ORDER BY v`);
run('cond pairs (current)', 'SELECT DISTINCT c.key, c.value FROM episode_conditions c JOIN episodes e ON e.id = c.episode_id WHERE e.study_id = ? ORDER BY c.key, c.value');
run('cond pairs EXISTS per pair', `SELECT p.key, p.value FROM (SELECT DISTINCT key, value FROM episode_conditions) p WHERE EXISTS (SELECT 1 FROM episode_conditions c JOIN episodes e ON e.id = c.episode_id WHERE c.key = p.key AND c.value = p.value AND e.study_id = ?) ORDER BY p.key, p.value`);
