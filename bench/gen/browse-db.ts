/**
 * Builds a large study for the episode-browser benchmark: 100,000 episodes and 2,000,000 turns in a database opened and
 * migrated by the studio's own openDatabase, written straight into the tables the one writer fills (episodes with their
 * judge label, turns, judgements, episode_conditions, the episode_text FTS index) plus some annotations, in a few big
 * transactions. Rows have the shapes writeBatch writes; only the per-episode hashing and bookkeeping is skipped. The
 * last few episodes go through the real writeBatch, so whatever it does after an import (such as refreshing the
 * planner's statistics) happens here too.
 */
import { openDatabase, type Db } from '../../main/db/open';
import { writeBatch } from '../../main/importers/write-batch';
import type { BatchEpisode } from '../../main/importers/batch';
import { between, pick, prng } from '../lib/measure';

/** What was built, for the queries to aim at. */
export interface BrowseDb {
  db: Db;
  studyId: number;
  episodes: number;
  turns: number;
  systems: string[];
  judgeLabels: string[];
  /** A rare token (an order number) present in a few transcripts. */
  rareToken: string;
  annotatorId: number;
}

/** Systems under test. */
export const SYSTEMS = ['gpt-realtime', 'gemini-live', 'nova-sonic', 'ultravox', 'moshi', 'cascade-whisper-gpt4o', 'cascade-deepgram-claude', 'qwen-omni'];
const DOMAINS = ['airline', 'retail', 'telecom', 'banking'];
const COMPLEXITY = ['regular', 'noise_heavy', 'speech_heavy'];
const STRATEGY = ['agent_directed', 'scaffolded'];
/** Labels of the latest judgement. */
export const JUDGE_LABELS = ['no_error', 'agent_error', 'user_error', 'transcription_error', 'logical_error', 'vad'];

const COMMON = (
  'the a to and i you it is that of for on my can me your with this be have what so yes no okay um uh just need please ' +
  'thank thanks sure let check help order flight booking reservation account number name email address phone date time ' +
  'change cancel refund return payment card credit charge fee price seat bag baggage upgrade delay confirm confirmation ' +
  'today tomorrow monday tuesday wednesday thursday friday morning afternoon evening one two three four five six seven ' +
  'eight nine zero hundred dollars problem issue sorry wait hold on again repeat spell letter code zip street city ' +
  'delivery package shipped item size color exchange store online plan data phone line bill statement balance transfer'
).split(' ');

/** A vocabulary of common words plus a long tail, drawn with a Zipf-like skew. */
function wordSource(rand: () => number): () => string {
  const tail = Array.from({ length: 6000 }, (_, i) => `term${i.toString(36)}`);
  return () => (rand() < 0.85 ? COMMON[Math.floor(Math.pow(rand(), 2.2) * COMMON.length)] : tail[Math.floor(Math.pow(rand(), 1.5) * tail.length)]);
}

/** Episodes written through writeBatch at the end. */
const THROUGH_WRITER = 20;

/** Builds the database at `file`. */
export async function buildBrowseDb(file: string, episodes = 100_000, turnsPerEpisode = 20, seed = 42): Promise<BrowseDb> {
  const rand = prng(seed);
  const word = wordSource(rand);
  const db = openDatabase(file);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  const now = '2026-07-01T00:00:00.000Z';
  const studyId = Number(db.prepare("INSERT INTO studies (name, benchmark, created_at) VALUES ('bench-100k', 'tau-voice', ?)").run(now).lastInsertRowid);
  const annotatorA = Number(db.prepare("INSERT INTO annotators (name, initials, created_at) VALUES ('Ann', 'AN', ?)").run(now).lastInsertRowid);
  const annotatorB = Number(db.prepare("INSERT INTO annotators (name, initials, created_at) VALUES ('Ben', 'BE', ?)").run(now).lastInsertRowid);
  const insEpisode = db.prepare(
    `INSERT INTO episode_rows (study_id, external_id, benchmark, system, task, trial, condition, outcome, reward, duration_ms, info, content_hash, judge_label)
     VALUES (?, ?, 'tau-voice', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insTurn = db.prepare('INSERT INTO turns (episode_id, idx, speaker, start_ms, end_ms, text, words, tool) VALUES (?, ?, ?, ?, ?, ?, NULL, ?)');
  const insJudgement = db.prepare(
    `INSERT INTO judgements (episode_id, judge_id, judge_version, label, rationale, categories, votes, confidence, reward_breakdown, findings, created_at)
     VALUES (?, 'tau2-review', '', ?, ?, ?, '[]', NULL, NULL, '[]', ?)`,
  );
  const insCondition = db.prepare('INSERT INTO episode_conditions (episode_id, key, value) VALUES (?, ?, ?)');
  const insText = db.prepare('INSERT INTO episode_text (rowid, text) VALUES (?, ?)');
  const insAnnotation = db.prepare("INSERT INTO annotations (episode_id, annotator_id, field, phase, value, updated_at) VALUES (?, ?, ?, 'final', ?, ?)");
  const rareToken = '48213';
  /** Episode i in the writer's input shape, drawn the same way as the rows inserted directly. */
  const batchEpisode = (i: number): BatchEpisode => {
    const system = SYSTEMS[Math.floor(Math.pow(rand(), 1.3) * SYSTEMS.length)];
    const condition = { domain: pick(rand, DOMAINS), speech_complexity: pick(rand, COMPLEXITY), strategy: pick(rand, STRATEGY) };
    const pass = rand() < 0.45;
    const label = pass ? 'no_error' : JUDGE_LABELS[1 + Math.floor(Math.pow(rand(), 1.5) * (JUDGE_LABELS.length - 1))];
    let t = 0;
    const turnList = Array.from({ length: between(rand, turnsPerEpisode - 8, turnsPerEpisode + 8) }, (_, k) => {
      const w = Array.from({ length: between(rand, 3, 14) }, word);
      const start = t;
      t += w.length * 350 + between(rand, 100, 1500);
      return { speaker: (k % 2 ? 'user' : 'agent') as 'user' | 'agent', startMs: start, endMs: start + w.length * 350, text: w.join(' ') };
    });
    return {
      externalId: `sim-${i.toString(16).padStart(8, '0')}`, system, task: `task_${between(rand, 0, 199)}`, trial: i % 4, condition,
      outcome: pass ? 'pass' : 'fail', reward: pass ? 1 : Math.round(rand() * 100) / 100, durationMs: between(rand, 20_000, 600_000),
      info: { mode: 'full_duplex' }, turns: turnList, audio: [],
      judgements: [{ judgeId: 'tau2-review', label, rationale: 'The agent misheard the reservation number.', categories: label === 'no_error' ? [] : [label] }],
      annotations: i % 10 === 0 ? [{ annotator: 'Ann', field: 'judge_agree', value: rand() < 0.8 }] : [],
    };
  };
  let turns = 0;
  const chunk = 10_000;
  const tail: BatchEpisode[] = [];
  const direct = episodes - THROUGH_WRITER;
  for (let base = 0; base < episodes; base += chunk) {
    db.transaction(() => {
      for (let i = base; i < Math.min(episodes, base + chunk); i++) {
        if (i >= direct) {
          tail.push(batchEpisode(i));
          continue;
        }
        const system = SYSTEMS[Math.floor(Math.pow(rand(), 1.3) * SYSTEMS.length)];
        const condition = { domain: pick(rand, DOMAINS), speech_complexity: pick(rand, COMPLEXITY), strategy: pick(rand, STRATEGY) };
        const pass = rand() < 0.45;
        const reward = rand() < 0.03 ? null : pass ? 1 : Math.round(rand() * 100) / 100;
        const label = pass ? 'no_error' : JUDGE_LABELS[1 + Math.floor(Math.pow(rand(), 1.5) * (JUDGE_LABELS.length - 1))];
        const nTurns = between(rand, turnsPerEpisode - 8, turnsPerEpisode + 8);
        const texts: string[] = [];
        let t = 0;
        const id = Number(
          insEpisode.run(studyId, `sim-${i.toString(16).padStart(8, '0')}`, system, `task_${between(rand, 0, 199)}`, i % 4, JSON.stringify(condition),
            pass ? 'pass' : 'fail', reward, between(rand, 20_000, 600_000), '{"mode":"full_duplex"}', `h${i}`, label).lastInsertRowid,
        );
        for (let k = 0; k < nTurns; k++) {
          const nWords = between(rand, 3, 14);
          const w: string[] = [];
          for (let j = 0; j < nWords; j++) w.push(word());
          if (k === 3 && i % 997 === 0) w.push(rareToken);
          else if (k === 3 && rand() < 0.2) w.push(String(between(rand, 10000, 99999)));
          const text = w.join(' ');
          const tool = k % 9 === 5 ? '{"name":"get_reservation_details","arguments":{"reservation_id":"ABC123"},"result":"{}"}' : null;
          const dur = nWords * 350;
          insTurn.run(id, k, k % 2 ? 'user' : 'agent', t, t + dur, tool ? '' : text, tool);
          if (!tool) texts.push(text);
          t += dur + between(rand, 100, 1500);
          turns++;
        }
        insJudgement.run(id, label, 'The agent misheard the reservation number.', label === 'no_error' ? '[]' : `["${label}"]`, now);
        for (const [k, v] of Object.entries(condition)) insCondition.run(id, k, v);
        insText.run(id, texts.join(' '));
        if (i % 10 === 0) {
          insAnnotation.run(id, annotatorA, 'source', JSON.stringify(pick(rand, ['agent', 'user', 'system'])), now);
          insAnnotation.run(id, annotatorA, 'judge_agree', rand() < 0.8 ? 'true' : 'false', now);
          if (i % 20 === 0) insAnnotation.run(id, annotatorB, 'judge_agree', rand() < 0.8 ? 'true' : 'false', now);
        }
      }
    })();
  }
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('cache_size = -2000');
  const batch = { format: 'bench', benchmark: 'tau-voice' as const, studyName: 'bench-100k', studyInfo: {}, source: 'bench', episodes: tail, skipped: 0, warnings: [] };
  turns += (await writeBatch(db, batch, { now: new Date(now) })).turns;
  return { db, studyId, episodes, turns, systems: SYSTEMS, judgeLabels: JUDGE_LABELS, rareToken, annotatorId: annotatorA };
}
