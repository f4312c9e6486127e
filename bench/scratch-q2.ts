import Database from 'better-sqlite3';
import { performance } from 'node:perf_hooks';
const db = new Database('/tmp/exp-browse.db');
const run = (n: string, sql: string, reps = 5) => {
  const st = db.prepare(sql);
  const ts: number[] = [];
  let len = 0;
  for (let i = 0; i < reps; i++) { const t0 = performance.now(); const r = st.all(); len = r.length; ts.push(performance.now() - t0); }
  ts.sort((a, b) => a - b);
  console.log(n.padEnd(40), 'median', ts[Math.floor(reps / 2)].toFixed(1), 'min', ts[0].toFixed(1), 'rows', len);
  console.log('   ', (db.prepare('EXPLAIN QUERY PLAN ' + sql).all() as any[]).map((r) => r.detail).join(' | '));
};
const cols = `e.id, e.study_id, e.external_id, e.benchmark, e.system, e.task, e.trial, e.condition, e.outcome, e.reward, e.duration_ms, e.judge_label`;
run('fts flight* rowids', `SELECT rowid FROM episode_text WHERE episode_text MATCH '"flight"*'`);
run('fts flight rowids (no prefix)', `SELECT rowid FROM episode_text WHERE episode_text MATCH '"flight"'`);
run('fts count flight*', `SELECT count(*) FROM episode_text WHERE episode_text MATCH '"flight"*'`);
run('fts confirm*', `SELECT rowid FROM episode_text WHERE episode_text MATCH '"confirm"*'`);
run('fts refund AND reservation*', `SELECT rowid FROM episode_text WHERE episode_text MATCH '"refund" AND "reservation"*'`);
run('fts term3f*', `SELECT rowid FROM episode_text WHERE episode_text MATCH '"term3f"*'`);
run('fts term3f', `SELECT rowid FROM episode_text WHERE episode_text MATCH '"term3f"'`);
run('join fts order by id', `SELECT ${cols} FROM episode_text t JOIN episodes e ON e.id = t.rowid WHERE episode_text MATCH '"flight"*' AND e.study_id = 1 ORDER BY t.rowid LIMIT 200`);
run('full scan count', `SELECT count(*) FROM episodes NOT INDEXED WHERE study_id = 1`);
