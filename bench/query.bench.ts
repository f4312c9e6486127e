/** Issue 4: episode-browser queries (filters + sort, and full-text search) over 100,000 episodes and 2,000,000 turns. */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Db } from '../main/db/open';
import { migrations } from '../main/db/migrations/index';
import { episodeFacets, queryEpisodes } from '../main/db/episode-query';
import { ftsQuery } from '../main/db/episode-match';
import { episodesQuery } from '../main/api/episodes';
import type { EpisodeQuery } from '../shared/types/browse';
import { buildBrowseDb, JUDGE_LABELS, SYSTEMS } from './gen/browse-db';
import { fmtMs, latencySummary, note, peakRssBytes } from './lib/measure';
import type { BenchResult } from './lib/result';

/** Each category runs at least this many queries. */
const RUNS_PER_CATEGORY = 200;
/** Each category runs at least this many queries right after a write. */
const COLD_RUNS_PER_CATEGORY = 100;
/** The target for p95. */
const TARGET_MS = 50;

type Q = Omit<EpisodeQuery, 'studyId' | 'offset' | 'limit'> & { offset?: number };

/** Filter + sort queries a user makes in the browser, at several page offsets. */
const FILTER_QUERIES: [string, Q][] = [
  ['system, by reward desc', { system: [SYSTEMS[0]], sort: { key: 'reward', dir: 'desc' } }],
  ['2 systems + outcome fail, by duration, page 6', { system: [SYSTEMS[1], SYSTEMS[4]], outcome: ['fail'], sort: { key: 'durationMs', dir: 'asc' }, offset: 1000 }],
  ['condition noise_heavy, by reward asc, page 26', { condition: { speech_complexity: ['noise_heavy'] }, sort: { key: 'reward', dir: 'asc' }, offset: 5000 }],
  ['judge label + condition, by id', { judgeLabel: ['transcription_error'], condition: { domain: ['retail'] } }],
  ['system + condition + outcome + judge label', { system: [SYSTEMS[2]], condition: { speech_complexity: ['speech_heavy'], strategy: ['scaffolded'] }, outcome: ['fail'], judgeLabel: ['agent_error', 'vad'], sort: { key: 'reward', dir: 'desc' } }],
  ['no filter, by duration desc, page 251', { sort: { key: 'durationMs', dir: 'desc' }, offset: 50_000 }],
  ['no filter, by id, last page', { offset: 99_800 }],
  ['reward 0.2–0.6, by reward asc', { rewardMin: 0.2, rewardMax: 0.6, sort: { key: 'reward', dir: 'asc' } }],
  ['judge label, by judge label desc, page 11', { judgeLabel: JUDGE_LABELS.slice(1), sort: { key: 'judgeLabel', dir: 'desc' }, offset: 2000 }],
  ['not yet labelled by me, by system', { labelled: 'no', sort: { key: 'system', dir: 'asc' } }],
  ['human–judge disagreement, by reward', { disagreement: true, sort: { key: 'reward', dir: 'asc' } }],
];

/** Full-text searches over the transcripts, alone and with filters and sorts. */
const SEARCH_QUERIES: [string, Q][] = [
  ['common word "flight"', { search: 'flight' }],
  ['rare token (order number)', { search: '48213' }],
  ['two words "refund reservation"', { search: 'refund reservation' }],
  ['prefix "confirm…"', { search: 'confirm' }],
  ['"cancel" + system, by reward desc', { search: 'cancel', system: [SYSTEMS[0]], sort: { key: 'reward', dir: 'desc' } }],
  ['"baggage fee" + outcome fail, by duration', { search: 'baggage fee', outcome: ['fail'], sort: { key: 'durationMs', dir: 'asc' } }],
  ['"order" page 11', { search: 'order', offset: 2000 }],
  ['rare tail word + condition', { search: 'term3f', condition: { speech_complexity: ['noise_heavy'] } }],
];

function sourceHash(): string {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const h = createHash('sha256');
  h.update(readFileSync(join(here, 'gen', 'browse-db.ts')));
  for (const m of migrations) h.update(`${m.version}:${'sql' in m ? m.sql : 'rebuild' in m ? m.rebuild.toString() : m.update.toString()}`);
  return h.digest('hex').slice(0, 12);
}

/**
 * The benchmark database, built once per machine and reused while the generator and the migrations are unchanged
 * (cached in $TMPDIR/earshot-bench; BENCH_REBUILD=1 forces a rebuild; BENCH_BROWSE_DB=FILE uses that file instead, for
 * trying a schema or query change on a copy).
 */
async function browseDb(): Promise<{ db: Db; buildMs: number | null; file: string }> {
  if (process.env.BENCH_BROWSE_DB) return { db: openDatabase(process.env.BENCH_BROWSE_DB), buildMs: null, file: process.env.BENCH_BROWSE_DB };
  const dir = join(tmpdir(), 'earshot-bench');
  mkdirSync(dir, { recursive: true });
  const key = sourceHash();
  const file = join(dir, `browse-100k-${key}.db`);
  if (existsSync(file) && !process.env.BENCH_REBUILD) return { db: openDatabase(file), buildMs: null, file };
  for (const name of readdirSync(dir)) if (name.startsWith('browse-100k-')) rmSync(join(dir, name), { force: true });
  note('building the 100,000-episode / 2,000,000-turn database (cached for later runs)');
  const tmp = `${file}.building`;
  const t0 = performance.now();
  const built = await buildBrowseDb(tmp);
  const buildMs = performance.now() - t0;
  built.db.close();
  for (const s of ['-wal', '-shm']) rmSync(tmp + s, { force: true });
  renameSync(tmp, file);
  return { db: openDatabase(file), buildMs, file };
}

function explain(db: Db, sql: string, params: unknown[]): string {
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { id: number; parent: number; detail: string }[];
  const depth = new Map<number, number>([[0, 0]]);
  return rows.map((r) => {
    const d = (depth.get(r.parent) ?? 0) + 1;
    depth.set(r.id, d);
    return `${'  '.repeat(d)}${r.detail}`;
  }).join('\n');
}

/** Every statement queryEpisodes runs for `q` (with its ordering cache warm), each with its plan and median time. */
function statementsFor(db: Db, q: EpisodeQuery): { sql: string; plan: string; ms: number }[] {
  // queryEpisodes does not expose its SQL; capture it by wrapping prepare for one call.
  const seen: { sql: string; params: unknown[] }[] = [];
  const original = db.prepare.bind(db);
  (db as { prepare: unknown }).prepare = (sql: string) => {
    const stmt = original(sql);
    const proxy: typeof stmt = new Proxy(stmt, {
      get(target, prop) {
        const v = Reflect.get(target, prop) as unknown;
        if (typeof v !== 'function') return v;
        if (prop === 'get' || prop === 'all') return (...params: unknown[]) => (seen.push({ sql, params }), v.apply(target, params));
        if (prop === 'pluck' || prop === 'raw') return (...args: unknown[]) => (v.apply(target, args), proxy); // same statement, still recorded
        return v.bind(target);
      },
    });
    return proxy;
  };
  try {
    queryEpisodes(db, q);
  } finally {
    (db as { prepare: unknown }).prepare = original;
  }
  return seen.map((x) => {
    const stmt = db.prepare(x.sql);
    const runs: number[] = [];
    for (let i = 0; i < 7; i++) {
      const t0 = performance.now();
      stmt.all(...x.params);
      runs.push(performance.now() - t0);
    }
    return { sql: x.sql.replace(/\s+/g, ' '), plan: explain(db, x.sql, x.params), ms: latencySummary(runs).p50 };
  });
}

interface Category {
  name: string;
  samples: number[];
  coldSamples: number[];
  perQuery: { name: string; samples: number[]; cold: number[]; total: number; q: EpisodeQuery }[];
}

/**
 * Each query kind round-robin, as a user browsing repeats them (the study's in-memory index warm), then again right
 * after a change to the episodes (as an import or a judge run makes), which drops that index so the query rebuilds
 * what it needs. The change rewrites one episode's judge label with its own value: the data stays as it was.
 */
function runCategory(db: Db, studyId: number, name: string, queries: [string, Q][]): Category {
  const perQuery = queries.map(([qName, q]) => ({ name: qName, samples: [] as number[], cold: [] as number[], total: 0, q: { studyId, limit: 200, ...q, offset: q.offset ?? 0 } as EpisodeQuery }));
  for (const p of perQuery) p.total = queryEpisodes(db, p.q).total; // warm-up, and the match counts
  const time = (p: (typeof perQuery)[number], into: number[]) => {
    const t0 = performance.now();
    queryEpisodes(db, p.q);
    into.push(performance.now() - t0);
  };
  for (let r = 0; r < Math.ceil(RUNS_PER_CATEGORY / perQuery.length); r++) for (const p of perQuery) time(p, p.samples);
  const write = db.prepare('UPDATE episode_rows SET judge_label = judge_label WHERE id = (SELECT MIN(id) FROM episodes WHERE study_id = ?)');
  for (let r = 0; r < Math.ceil(COLD_RUNS_PER_CATEGORY / perQuery.length); r++) {
    for (const p of perQuery) {
      write.run(studyId);
      time(p, p.cold);
    }
  }
  return { name, samples: perQuery.flatMap((p) => p.samples), coldSamples: perQuery.flatMap((p) => p.cold), perQuery };
}

/** Runs the query benchmark. */
export async function run(): Promise<BenchResult> {
  const wall0 = performance.now();
  const { db, buildMs, file } = await browseDb();
  try {
    const studyId = (db.prepare("SELECT id FROM studies WHERE name = 'bench-100k'").get() as { id: number }).id;
    const counts = db.prepare('SELECT (SELECT COUNT(*) FROM episodes) AS episodes, (SELECT COUNT(*) FROM turns) AS turns').get() as { episodes: number; turns: number };
    const base = db.prepare('SELECT id FROM episodes WHERE study_id = ? LIMIT 200');
    base.all(studyId);
    const baseline: number[] = [];
    for (let i = 0; i < RUNS_PER_CATEGORY; i++) {
      const t0 = performance.now();
      base.all(studyId);
      baseline.push(performance.now() - t0);
    }
    const b = latencySummary(baseline);
    const categories = [runCategory(db, studyId, 'filter + sort', FILTER_QUERIES), runCategory(db, studyId, 'full-text search', SEARCH_QUERIES)];
    const rows = categories.map((c) => {
      const s = latencySummary(c.samples);
      return {
        issue: 4,
        name: `browser ${c.name} (${c.perQuery.length} kinds, n=${s.n})`,
        figure: `p50 ${fmtMs(s.p50)} p95 ${fmtMs(s.p95)} max ${fmtMs(s.max)}`,
        baseline: `p95 ${fmtMs(b.p95)} plain SELECT`,
        ratio: s.p95 / b.p95,
        target: `p95 < ${TARGET_MS} ms`,
        pass: s.p95 < TARGET_MS,
      };
    });
    const details: string[] = [
      `database: ${counts.episodes.toLocaleString('en')} episodes, ${counts.turns.toLocaleString('en')} turns in one study, ${file}; ` +
        (buildMs === null ? 'reused from an earlier run (same generator and migrations)' : `built in ${fmtMs(buildMs)}`),
      `baseline: SELECT id FROM episodes WHERE study_id = ? LIMIT 200, n=${b.n}: p50 ${fmtMs(b.p50)} p95 ${fmtMs(b.p95)} max ${fmtMs(b.max)}`,
    ];
    for (const c of categories) {
      const k = latencySummary(c.coldSamples);
      details.push(
        `${c.name}, first query after the episodes changed (the study's index rebuilt, as after an import or a judge result), ` +
          `n=${k.n}: p50 ${fmtMs(k.p50)} p95 ${fmtMs(k.p95)} max ${fmtMs(k.max)}`,
      );
    }
    for (const c of categories) {
      details.push(`${c.name}, per query kind (matches; p50 / p95 / max; first after an import: p50 / max):`);
      for (const p of c.perQuery) {
        const s = latencySummary(p.samples);
        const k = latencySummary(p.cold);
        const flag = p.total === 0 ? '  ← matches nothing: the bench data no longer fits this query' : s.p95 >= TARGET_MS ? '  ← over target' : '';
        details.push(`  ${p.name.padEnd(48)} ${String(p.total).padStart(6)}  ${fmtMs(s.p50)} / ${fmtMs(s.p95)} / ${fmtMs(s.max)}; ${fmtMs(k.p50)} / ${fmtMs(k.max)}${flag}`);
      }
    }
    const slow = categories.flatMap((c) => c.perQuery).filter((p) => latencySummary(p.samples).p95 >= TARGET_MS);
    for (const p of slow) {
      details.push(`statements of "${p.name}" (${JSON.stringify({ ...p.q, studyId: undefined })}, fts: ${p.q.search ? ftsQuery(p.q.search) : '-'}):`);
      for (const st of statementsFor(db, p.q)) details.push(`  ${st.sql} (median ${fmtMs(st.ms)}):\n${st.plan.replace(/^/gm, '  ')}`);
    }
    // What the app adds around queryEpisodes: the handler's study lookup, and the facets loaded when a study opens.
    const handler: number[] = [];
    const facets: number[] = [];
    let handlerProblem: string | null = null;
    for (let i = 0; i < 20; i++) {
      let t0 = performance.now();
      try {
        if (!handlerProblem) episodesQuery({ db } as never, { ...categories[0].perQuery[0].q });
      } catch (err) {
        handlerProblem = (err as Error).message; // the handler wants more of the services object than the bench gives it
      }
      handler.push(performance.now() - t0);
      t0 = performance.now();
      episodeFacets(db, studyId);
      facets.push(performance.now() - t0);
    }
    const h = latencySummary(handler);
    const f = latencySummary(facets);
    details.push(
      handlerProblem
        ? `the API handler episodes.query was not timed: ${handlerProblem}`
        : `through the API handler episodes.query (adds findStudy), "${categories[0].perQuery[0].name}", n=20: p50 ${fmtMs(h.p50)} p95 ${fmtMs(h.p95)}`,
    );
    details.push(`episodes.facets when a study opens, n=20: p50 ${fmtMs(f.p50)} p95 ${fmtMs(f.p95)}`);
    return { name: 'query', rows, details, wallMs: performance.now() - wall0, peakRssBytes: peakRssBytes() };
  } finally {
    db.close();
  }
}
