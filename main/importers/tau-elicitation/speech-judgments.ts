/** `speech_judgments/utterances.jsonl`: the LLM speech judge's per-utterance verdicts, joined to their episodes. */
import type { BatchEpisode, BatchJudgement } from '../batch';
import { JSONL_FILE } from '../limits';
import { jsonFieldAt } from '../json-guard';
import { parseJsonText, validate } from '../read-json';
import { readTextLines } from '../text-lines';
import { utteranceJudgment, type UtteranceJudgment } from './schema';

/** Reads the judgments at `path` (named `file` in messages) line by line, grouped by simulation id. */
export function readSpeechJudgments(path: string, file: string): Map<string, UtteranceJudgment[]> {
  const bySim = new Map<string, UtteranceJudgment[]>();
  for (const { text, line } of readTextLines(path, file, JSONL_FILE, jsonFieldAt)) {
    if (text.trim() === '') continue;
    const record = `line ${line}`;
    const j = validate(utteranceJudgment, parseJsonText(text, file, record), file, record);
    const judgments = bySim.get(j.simulation_id);
    if (judgments) judgments.push(j);
    else bySim.set(j.simulation_id, [j]);
  }
  return bySim;
}

/**
 * Joins an episode's utterance judgments to its agent turns (an utterance matches the next unmatched agent turn whose
 * text equals its expected text; `utterance_index` is a tick index, which compact transcripts lack) and adds one
 * judgement: fail if any utterance failed, with every finding. The per-utterance verdicts go to `info.speechJudgments`.
 */
export function attachSpeechJudgments(episode: BatchEpisode, judgments: readonly UtteranceJudgment[]): BatchJudgement {
  const sorted = [...judgments].sort((a, b) => a.utterance_index - b.utterance_index);
  const used = new Set<number>();
  const turnOf = (expected: string): number | null => {
    const i = episode.turns.findIndex((t, k) => !used.has(k) && t.speaker === 'agent' && !t.tool && t.text === expected.trim());
    if (i < 0) return null;
    used.add(i);
    return i;
  };
  episode.info.speechJudgments = sorted.map((j) => ({
    utteranceIndex: j.utterance_index,
    turnIndex: turnOf(j.expected_text),
    outcome: j.outcome ?? null,
    severity: j.severity ?? null,
    summary: j.summary,
  }));
  const failed = sorted.filter((j) => j.outcome === 'fail');
  const findings = sorted.flatMap((j) =>
    j.findings.map((f) => ({ text: `utterance ${j.utterance_index}: ${f.issue}`, startMs: null, endMs: null, category: f.category ?? null })),
  );
  return {
    judgeId: 'tau-elicit-speech-judge',
    judgeVersion: sorted[0]?.judge_prompt_version ?? undefined,
    label: failed.length ? 'fail' : 'pass',
    rationale: failed.map((j) => `utterance ${j.utterance_index}: ${j.summary}`).join('\n'),
    categories: [...new Set(findings.map((f) => f.category).filter((c): c is string => c !== null))],
    findings,
  };
}
