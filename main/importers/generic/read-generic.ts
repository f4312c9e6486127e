/** Reads a generic JSONL file (`earshot-episode-v1`): line by line as it is imported, or whole into an import batch. */
import { statSync } from 'node:fs';
import { basename, dirname, extname, resolve } from 'node:path';
import { findInsideRoot, quote } from '../safe-path';
import type { z } from 'zod';
import { readWavHeader, WavError } from '../../audio/wav-header';
import { FFMPEG_FORMATS } from '../../audio/audio-peaks';
import { probeAudio } from '../../audio/probe-audio';
import { wavLimitProblem } from '../audio-limits';
import { builtinTaxonomyFor, type TaxonomyFor } from '../target-taxonomy';
import { ArrivedLabels } from '../arrived-labels';
import { collectBatch, ImportError, type BatchEpisode, type ImportBatch, type ImportHeader, type ImportItem } from '../batch';
import { checkEpisodeLimits } from '../episode-limits';
import { fileSizeProblem } from '../file-size';
import { jsonFieldAt } from '../json-guard';
import { AUDIO_FILE, JSONL_FILE } from '../limits';
import { parseJsonText } from '../read-json';
import { readTextLines } from '../text-lines';
import { genericEpisode, genericStudyHeader, type GenericEpisode, type GenericStudyHeader } from './schema';

/**
 * Reads the JSONL at `file` line by line, yielding as it goes, so no more of it is held than the caller keeps; every
 * fault, and every line past the limits or not UTF-8, names the file, the line and the field. The header's warnings
 * (labels in fields the taxonomy does not define) are complete once the last episode has been read.
 */
export function* readGenericLines(file: string, taxonomyFor: TaxonomyFor = builtinTaxonomyFor): Generator<ImportItem> {
  const root = dirname(resolve(file));
  const name = basename(file);
  let h: GenericStudyHeader | null = null;
  let header: ImportHeader | null = null;
  let labels: ArrivedLabels | null = null;
  const ids = new Set<string>();
  for (const { text, line } of readTextLines(file, name, JSONL_FILE, jsonFieldAt)) {
    if (text.trim() === '') continue;
    const record = `line ${line}`;
    const raw = parseJsonText(text, name, record);
    if (!header && !h && (raw as { schema?: unknown })?.schema === 'earshot-study-v1') {
      h = parse(genericStudyHeader, raw, name, record);
      continue;
    }
    const ep = parse(genericEpisode, raw, name, record);
    if (ids.has(ep.id)) throw new ImportError(name, record, 'id', `duplicate episode id "${ep.id}"`);
    ids.add(ep.id);
    if (!header) {
      header = {
        format: 'generic',
        benchmark: h?.benchmark ?? 'generic',
        studyName: h?.name ?? name.replace(/\.jsonl$/i, ''),
        studyInfo: h?.info ?? {},
        studyDescription: h?.description,
        source: resolve(file),
        skipped: 0,
        warnings: [],
      };
      labels = new ArrivedLabels(taxonomyFor(header.studyName, header.benchmark));
      yield { kind: 'header', header };
    }
    ep.annotations.forEach((a, i) => labels!.check(a, { file: name, record, field: `annotations[${i}]` }));
    const episode = toBatchEpisode(ep, root, name, record);
    checkEpisodeLimits(episode, name, record);
    yield { kind: 'episode', episode };
  }
  if (!header) throw new ImportError(name, 'file', '(episodes)', 'no episode lines found');
  header.warnings.push(...labels!.warnings());
}

/** Reads the whole JSONL at `file` into an import batch (readGenericLines, every episode kept). */
export async function readGenericJsonl(
  file: string,
  taxonomyFor: TaxonomyFor = builtinTaxonomyFor,
): Promise<ImportBatch> {
  return collectBatch(readGenericLines(file, taxonomyFor));
}

function parse<S extends z.ZodType>(schema: S, raw: unknown, file: string, record: string): z.infer<S> {
  const res = schema.safeParse(raw);
  if (res.success) return res.data;
  const issue = res.error.issues[0];
  throw new ImportError(file, record, issue.path.length ? issue.path.join('.') : '(record)', issue.message);
}

/**
 * The audio file `ref` refers to, refused when it is past the limits on audio (size; channels, sample rate and duration
 * from its header) or when it is a WAV whose header cannot be read. Only a header ffprobe cannot read (a format ffmpeg
 * decodes) is left to the writer, which refuses the import while decoding it.
 */
function audioPath(root: string, ref: string, file: string, record: string, field: string): string {
  const path = findInsideRoot(root, ref, { file, record, field });
  if (!path) throw new ImportError(file, record, field, `audio file ${quote(ref)} does not exist`);
  const problem = fileSizeProblem(statSync(path).size, AUDIO_FILE) ?? audioHeaderProblem(path);
  if (problem) throw new ImportError(file, record, field, `audio file ${quote(ref)} ${problem}`);
  return path;
}

/**
 * What is wrong with the audio at `path` under the limits on audio, from its header: a WAV's own (or that it cannot be
 * read as one), or what ffprobe reads of a format ffmpeg decodes (so a small file that would decode to a huge one is
 * refused before it is decoded). Null for an unknown format or a header ffprobe cannot read, which the writer refuses
 * while decoding it.
 */
function audioHeaderProblem(path: string): string | null {
  const ext = extname(path).slice(1).toLowerCase();
  if (ext !== 'wav' && ext !== 'wave') {
    const probed = (FFMPEG_FORMATS as readonly string[]).includes(ext) ? probeAudio(path) : null;
    return probed && wavLimitProblem(probed);
  }
  try {
    return wavLimitProblem(readWavHeader(path));
  } catch (err) {
    if (!(err instanceof WavError)) throw err;
    const fault = err.message.startsWith(`${path}: `) ? err.message.slice(path.length + 2) : err.message;
    return `cannot be read as WAV: ${fault}`;
  }
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
