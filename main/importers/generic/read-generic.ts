/** Reads a generic JSONL file (`earshot-episode-v1`) into an import batch. */
import { readFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { findInsideRoot, quote } from '../safe-path';
import type { z } from 'zod';
import { ImportError, type BatchEpisode, type ImportBatch } from '../batch';
import { genericEpisode, genericStudyHeader, type GenericEpisode, type GenericStudyHeader } from './schema';

/** Reads the JSONL at `file`; every fault names the file, the line and the field. */
export async function readGenericJsonl(file: string): Promise<ImportBatch> {
  const root = dirname(resolve(file));
  const name = basename(file);
  const lines = readFileSync(file, 'utf8').split(/\r?\n/);
  let header: GenericStudyHeader | null = null;
  const episodes: BatchEpisode[] = [];
  const ids = new Set<string>();
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    const record = `line ${i + 1}`;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch (err) {
      throw new ImportError(name, record, '(json)', `not valid JSON (${(err as Error).message})`);
    }
    if (episodes.length === 0 && !header && (raw as { schema?: unknown })?.schema === 'earshot-study-v1') {
      header = parse(genericStudyHeader, raw, name, record);
      return;
    }
    const ep = parse(genericEpisode, raw, name, record);
    if (ids.has(ep.id)) throw new ImportError(name, record, 'id', `duplicate episode id "${ep.id}"`);
    ids.add(ep.id);
    episodes.push(toBatchEpisode(ep, root, name, record));
  });
  if (episodes.length === 0) throw new ImportError(name, 'file', '(episodes)', 'no episode lines found');
  const h = header as GenericStudyHeader | null;
  return {
    format: 'generic',
    benchmark: h?.benchmark ?? 'generic',
    studyName: h?.name ?? basename(file).replace(/\.jsonl$/i, ''),
    studyInfo: h?.info ?? {},
    studyDescription: h?.description,
    source: resolve(file),
    episodes,
    skipped: 0,
    warnings: [],
  };
}

function parse<S extends z.ZodType>(schema: S, raw: unknown, file: string, record: string): z.infer<S> {
  const res = schema.safeParse(raw);
  if (res.success) return res.data;
  const issue = res.error.issues[0];
  throw new ImportError(file, record, issue.path.length ? issue.path.join('.') : '(record)', issue.message);
}

function audioPath(root: string, ref: string, file: string, record: string, field: string): string {
  const path = findInsideRoot(root, ref, { file, record, field });
  if (!path) throw new ImportError(file, record, field, `audio file ${quote(ref)} does not exist`);
  return path;
}

function toBatchEpisode(ep: GenericEpisode, root: string, file: string, record: string): BatchEpisode {
  return {
    externalId: ep.id,
    system: ep.system,
    task: ep.task,
    trial: ep.trial,
    condition: ep.condition,
    outcome: ep.outcome,
    reward: ep.reward,
    durationMs: ep.duration_ms,
    info: ep.info,
    turns: ep.turns.map((t) => ({
      speaker: t.speaker,
      startMs: t.start_ms ?? null,
      endMs: t.end_ms ?? null,
      text: t.text,
      words: t.words?.map((w) => ({ text: w.text, startMs: w.start_ms, endMs: w.end_ms })) ?? null,
      tool: t.tool ? { name: t.tool.name, arguments: t.tool.arguments ?? null, result: t.tool.result ?? null } : null,
    })),
    audio: ep.audio.map((a, i) => ({ path: audioPath(root, a.path, file, record, `audio.${i}.path`), role: a.role, lanes: a.lanes })),
    judgements: ep.judgements.map((j) => ({
      judgeId: j.judge_id,
      judgeVersion: j.judge_version,
      label: j.label,
      rationale: j.rationale,
      categories: j.categories,
      votes: j.votes,
      confidence: j.confidence ?? null,
      rewardBreakdown: j.reward_breakdown ?? null,
      findings: j.findings?.map((f) => ({ text: f.text, startMs: f.start_ms ?? null, endMs: f.end_ms ?? null, category: f.category ?? null })),
    })),
    annotations: ep.annotations,
  };
}
