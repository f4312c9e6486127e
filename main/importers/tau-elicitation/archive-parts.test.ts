import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture } from '../../../test-support/fixtures';
import { ImportError } from '../batch';
import { wavBytes } from '../../../test-support/wav';
import { removeTempDirs, tempDir, writeFiles } from '../../../test-support/temp-files';
import { readTauElicitation } from './read-tau-elicitation';

afterAll(removeTempDirs);

const regular = 'transcripts/main_runs__modeb_gemini_high_regular_2026-09-02.jsonl';
const lines = readFileSync(fixture('tau-elicitation', regular), 'utf8').split('\n').filter(Boolean);
const manifest = readFileSync(fixture('tau-elicitation', 'results', 'manifest.csv'), 'utf8');
const first = () => JSON.parse(lines[0]) as Record<string, any>;
const simId = first().simulation_id as string;
const validationHeader = readFileSync(fixture('tau-elicitation', 'judge_validation', 'validation.csv'), 'utf8').split('\n')[0];

const utterance = (index: number, expected: string, outcome: string, findings: object[] = []) => ({
  simulation_id: simId,
  utterance_index: index,
  expected_text: expected,
  outcome,
  severity: findings.length ? 1 : 0,
  summary: `summary ${index}`,
  findings,
  judge_model: 'gemini/gemini-3.1-pro-preview',
  judge_prompt_version: 'v6',
});

describe('archive parts beyond the transcripts', () => {
  it('joins utterance judgments to agent turns by expected text and adds the speech judge verdict', async () => {
    const root = writeFiles(tempDir(), {
      'results/manifest.csv': manifest,
      [regular]: `${lines[0]}\n${lines[1]}\n`,
      'speech_judgments/utterances.jsonl': [
        utterance(0, 'Hello, this is Opal Coast Booking Office calling.', 'pass'),
        utterance(47, "Hello, I'm cal", 'fail', [{ axis: 'fidelity', category: 'missing_word', confidence: 0.9, issue: "The word 'calling' is cut.", severity: 1, time_range: '0:01-0:02' }]),
        utterance(99, 'Not said in this call', 'pass'),
        { ...utterance(3, 'other call', 'pass'), simulation_id: 'not-imported' },
      ]
        .map((u) => JSON.stringify(u))
        .join('\n'),
    });
    const batch = await readTauElicitation(root);
    const e = batch.episodes.find((x) => x.externalId === simId)!;
    expect(e.judgements).toEqual([
      {
        judgeId: 'tau-elicit-speech-judge',
        judgeVersion: 'v6',
        label: 'fail',
        rationale: 'utterance 47: summary 47',
        categories: ['missing_word'],
        findings: [{ text: "utterance 47: The word 'calling' is cut.", startMs: null, endMs: null, category: 'missing_word' }],
      },
    ]);
    expect(batch.warnings).toContain('speech_judgments/utterances.jsonl: 1 utterance judgment(s) belong to calls not in this import and were ignored');
    expect(e.info.speechJudgments).toEqual([
      { utteranceIndex: 0, turnIndex: 0, outcome: 'pass', severity: 0, summary: 'summary 0' },
      { utteranceIndex: 47, turnIndex: 2, outcome: 'fail', severity: 1, summary: 'summary 47' },
      { utteranceIndex: 99, turnIndex: null, outcome: 'pass', severity: 0, summary: 'summary 99' },
    ]);
  });

  it('attaches a stereo example WAV and puts validation labels on a matching transcript episode', async () => {
    const t = first();
    const row = ['call', 'clip_1', simId, t.task_id, 'person_names', 'easy', '1', 'speech_fidelity_any', '', '', '1', '2', 'Says "cal".', '1', '0', '1', '', '1', 'no_error', 'agent', '', 'vad', '', 'cut off'];
    const root = writeFiles(tempDir(), {
      'results/manifest.csv': manifest,
      [regular]: `${lines[0]}\n`,
      'examples/call.json': lines[1],
      'examples/call.wav': wavBytes({ sampleRate: 8000, channels: 2, bitsPerSample: 16, data: Buffer.alloc(800 * 4) }),
      'judge_validation/validation.csv': `${validationHeader}\n${row.map((c) => (c.includes('"') ? `"${c.replace(/"/g, '""')}"` : c)).join(',')}\n`,
    });
    const batch = await readTauElicitation(root);
    expect(batch.episodes).toHaveLength(2);
    const example = batch.episodes.find((e) => e.info.source === 'examples/call.json')!;
    expect(example.audio).toEqual([{ path: join(root, 'examples/call.wav'), role: 'call', lanes: ['user', 'agent'] }]);
    const e = batch.episodes.find((x) => x.externalId === simId)!;
    expect(e.turns.length).toBeGreaterThan(0);
    expect(e.judgements[0]).toMatchObject({ judgeId: 'tau-elicit-speech-judge-validation', label: 'flagged', rationale: 'Says "cal".' });
    expect(e.annotations).toEqual([
      { annotator: 'A', field: 'error_source', value: 'no_error' },
      { annotator: 'B', field: 'error_source', value: 'agent' },
      { annotator: 'B', field: 'error_subtype', value: 'vad' },
      { annotator: 'B', field: 'severity', value: 1 },
      { annotator: 'B', field: 'notes', value: 'cut off' },
    ]);
    expect(batch.warnings.some((w) => w.includes('validated call(s) have no transcript'))).toBe(false);
  });
});

async function failure(files: Record<string, string | object>): Promise<ImportError> {
  const root = writeFiles(tempDir(), files);
  try {
    await readTauElicitation(root);
  } catch (err) {
    expect(err).toBeInstanceOf(ImportError);
    return err as ImportError;
  }
  throw new Error('expected the import to fail');
}

describe('readTauElicitation on broken inputs', () => {
  it('names the file, line and field of a garbled, mistyped or incomplete transcript line', async () => {
    const garbled = await failure({ [regular]: `${lines[0]}\n${lines[1]}\n${lines[2].slice(0, 300)}\n` });
    expect([garbled.file, garbled.record, garbled.field]).toEqual([regular, 'line 3', '(json)']);
    const typed = first();
    typed.turns[2].order = 'two';
    const wrong = await failure({ [regular]: `${lines[1]}\n${JSON.stringify(typed)}\n` });
    expect([wrong.file, wrong.record, wrong.field]).toEqual([regular, 'line 2', 'turns[2].order']);
    const { simulation_id: _gone, ...noId } = first();
    expect((await failure({ [regular]: JSON.stringify(noId) })).field).toBe('simulation_id');
  });

  it('refuses the same simulation twice in the transcripts', async () => {
    const err = await failure({ [regular]: `${lines[0]}\n${lines[0]}\n` });
    expect([err.record, err.field]).toEqual(['line 2', 'simulation_id']);
  });

  it('names the row and column of bad validation and manifest rows, and the line of a broken CSV', async () => {
    const row = ['call', 'clip_1', simId, 'task', 'b', 't', '1', 'f', '', '', '2', '', '', '', '', '', '', '', '', '', '', '', '', ''];
    const bad = await failure({ [regular]: lines[0], 'judge_validation/validation.csv': `${validationHeader}\n${row.join(',')}\n` });
    expect([bad.file, bad.record, bad.field]).toEqual(['judge_validation/validation.csv', `row 1 (call "${simId}")`, 'judge_label']);
    const unclosed = await failure({ [regular]: lines[0], 'judge_validation/validation.csv': `${validationHeader}\ncall,"clip\n` });
    expect([unclosed.record, unclosed.field]).toEqual(['line 2', '(csv)']);
    const noSystem = manifest.replace(/^([^,]*,[^,]*,[^,]*,)openai:gpt-realtime-2,/m, '$1,');
    const m = await failure({ [regular]: lines[0], 'results/manifest.csv': noSystem });
    expect([m.file, m.record, m.field]).toEqual(['results/manifest.csv', 'row 1 ("ablations/entity_composition/intake_ecomp_n2/results.json")', 'system']);
  });

  it('refuses an archive with no transcripts', async () => {
    expect((await failure({ 'results/manifest.csv': manifest })).field).toBe('transcripts/');
  });
});
