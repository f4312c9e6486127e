/** One VERA episode as batch episodes: the decrypted prompt, its audio, and one episode per graded system. */
import { basename } from 'node:path';
import { readImportWavHeader } from '../audio-limits';
import { ImportError, type BatchAudio, type BatchEpisode, type BatchTurn } from '../batch';
import { findInsideRoot, type RefSite } from '../safe-path';
import { decryptVera, DecryptError } from './decrypt';
import { gradeJudgement, type SystemGrade } from './grades';
import type { VeraEpisode } from './schema';

/** Where the episode was read from, and how to report. */
export interface EpisodeSite {
  root: string;
  file: string;
  record: string;
  /** Field prefix of the episode inside its file, e.g. `episodes[2]`. */
  prefix: string;
  warn: (message: string) => void;
}

function decrypt(ciphertext: string, canary: string, site: EpisodeSite, field: string): string {
  try {
    return decryptVera(ciphertext, canary);
  } catch (err) {
    if (err instanceof DecryptError) throw new ImportError(site.file, site.record, `${site.prefix}.${field}`, `${err.message} (VERA encrypts with the episode's canary)`);
    throw err;
  }
}

/** Finds a prompt WAV: by basename under `audio/` beside the episodes file, else at the relative path the episode gives. */
function findPromptAudio(root: string, ref: string, site: RefSite): string | null {
  const name = basename(ref.replace(/\\/g, '/'));
  const byName = name ? findInsideRoot(root, `audio/${name}`, site) : null;
  if (byName || ref.startsWith('/') || /^[A-Za-z]:[\\/]/.test(ref)) return byName;
  return findInsideRoot(root, ref, site);
}

interface Prompt {
  turns: BatchTurn[];
  audio: BatchAudio[];
  durationMs: number | null;
}

function prompt(ep: VeraEpisode, site: EpisodeSite): Prompt {
  const audio: BatchAudio[] = [];
  let total = 0;
  const turns = ep.turns.map((t, i): BatchTurn => {
    const question = decrypt(t.text_content, ep.canary, site, `turns[${i}].text_content`);
    const text = [t.prefix_text, question, t.postfix_text].filter((s) => s && s.trim()).join(' ');
    const turn: BatchTurn = { speaker: t.role === 'assistant' ? 'agent' : 'user', startMs: null, endMs: null, text, tool: null };
    if (!t.audio_file) return turn;
    const path = findPromptAudio(site.root, t.audio_file, { file: site.file, record: site.record, field: `${site.prefix}.turns[${i}].audio_file` });
    if (!path) {
      site.warn('prompt audio not found under audio/ beside the episodes file');
      return turn;
    }
    try {
      const header = readImportWavHeader(path);
      if (header.channels !== 1) site.warn(`${ep.id}: prompt audio has ${header.channels} channels; VERA prompts are mono`);
      audio.push({ path, role: ep.turns.length > 1 ? `prompt ${i + 1}` : 'prompt', lanes: ['user'] });
      total += header.durationMs;
      if (ep.turns.length === 1) Object.assign(turn, { startMs: 0, endMs: header.durationMs });
    } catch (err) {
      site.warn(`${ep.id}: prompt audio skipped: ${(err as Error).message}`);
    }
    return turn;
  });
  return { turns, audio, durationMs: audio.length === ep.turns.length ? total : null };
}

/**
 * The episode's batch episodes: one per system that graded it (externalId `<id>@<system>`, the system's answer as an
 * agent turn, the grade as a judgement), or a single ungraded one (externalId `<id>`, system '') when nobody graded it.
 */
export function veraEpisodes(ep: VeraEpisode, grades: readonly SystemGrade[], site: EpisodeSite): BatchEpisode[] {
  const { turns, audio, durationMs } = prompt(ep, site);
  const answer = ep.metadata.expected_answer ?? ep.turns[0].metadata?.expected_answer ?? null;
  const answerField = ep.metadata.expected_answer ? 'metadata.expected_answer' : 'turns[0].metadata.expected_answer';
  const info = {
    track: ep.track,
    expectedAnswer: answer === null ? null : decrypt(answer, ep.canary, site, answerField),
    contextDocuments: ep.context_documents.map((d) => ({ source: d.source ?? null, content: d.content })),
    interruptions: ep.interruptions,
    audioFiles: ep.turns.map((t) => t.audio_file ?? null),
    canary: ep.canary,
  };
  const base = { task: ep.id, trial: 0, condition: { track: ep.track }, durationMs, audio, annotations: [] };
  if (grades.length === 0) {
    return [{ ...base, externalId: ep.id, system: '', outcome: null, reward: null, info, turns, judgements: [] }];
  }
  return grades.map((g) => ({
    ...base,
    externalId: `${ep.id}@${g.system}`,
    system: g.system,
    outcome: g.grade.label.toLowerCase(),
    reward: g.grade.label === 'CORRECT' ? 1 : 0,
    info: { ...info, extractedFinalAnswer: g.grade.extracted_final_answer ?? null },
    turns: [...turns, ...(g.grade.predicted_answer ? [{ speaker: 'agent' as const, startMs: null, endMs: null, text: g.grade.predicted_answer, tool: null }] : [])],
    judgements: [gradeJudgement(g)],
  }));
}
