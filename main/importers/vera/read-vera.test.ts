import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture } from '../../../test-support/fixtures';
import { VERA } from '../../../test-support/fixture-counts';
import { readWavHeader } from '../../audio/wav-header';
import { ImportError } from '../batch';
import { removeTempDirs, tempDir, writeFiles } from '../../../test-support/temp-files';
import { readVera } from './read-vera';

afterAll(removeTempDirs);

const episodesText = readFileSync(fixture('vera', 'test_voice_episodes', 'test.json'), 'utf8');
const episodesJson = () => JSON.parse(episodesText) as { episodes: Record<string, any>[] };

describe('readVera on the fixture', async () => {
  const batch = await readVera(fixture('vera', 'test_voice_episodes'));
  const byTrack = new Map(batch.episodes.map((e) => [e.condition.track, e]));

  it('reads five episodes, one per track', () => {
    expect(batch.format).toBe('vera');
    expect(batch.warnings).toEqual([]);
    // Ids, tracks, answers, audio and context documents: scripts/recount/vera.mjs (VERA).
    expect(batch.episodes.map((e) => [e.externalId, e.condition.track])).toEqual(Object.entries(VERA.tracks));
  });

  it('decrypts the questions into readable English', () => {
    for (const e of batch.episodes) {
      const [turn] = e.turns;
      expect(turn.speaker).toBe('user');
      expect(turn.text.length).toBeGreaterThan(40);
      expect(turn.text).toMatch(/^[\x20-\x7E\u2018-\u201D\u2014\n]+$/);
      expect(turn.text).toMatch(/\b(the|you|me|I|of)\b/);
    }
    expect(byTrack.get('factual_recall')!.turns[0].text).toContain('Asiatic lion');
    expect(byTrack.get('mathematical_reasoning')!.turns[0].text).toContain('ordered pairs of integers');
  });

  it('decrypts the expected answers', () => {
    for (const [track, answer] of Object.entries(VERA.answers)) {
      expect(byTrack.get(track)!.info.expectedAnswer).toBe(answer);
    }
    expect(byTrack.get('science')!.info.expectedAnswer).toMatch(/^1\. NaNH2, methyl chloride/);
    expect(byTrack.get('long_context')!.info.expectedAnswer).toMatch(/^In the silence of a sunlit morn/);
  });

  it('resolves the 24 kHz mono prompt audio by basename under audio/ and times the prompt turn by it', () => {
    for (const e of batch.episodes) {
      expect(e.audio).toHaveLength(1);
      expect(e.audio[0]).toMatchObject({ role: 'prompt', lanes: ['user'] });
      expect(e.audio[0].path).toMatch(new RegExp(`audio/${e.externalId}\\.wav$`));
      const header = readWavHeader(e.audio[0].path);
      expect([[header.sampleRate], [header.channels]]).toEqual([VERA.audio.sampleRates, VERA.audio.channels]);
      expect([e.turns[0].startMs, e.turns[0].endMs, e.durationMs]).toEqual([0, header.durationMs, header.durationMs]);
    }
  });

  it('keeps context documents in info; ungraded episodes have no system, outcome or judgement', () => {
    const docs = byTrack.get('long_context')!.info.contextDocuments as { source: string; content: string }[];
    const [document] = VERA.contextDocuments;
    expect(docs).toHaveLength(VERA.contextDocuments.length);
    expect(docs[0].source).toBe(document.source);
    expect(docs[0].content.length).toBe(document.chars);
    for (const e of batch.episodes) expect([e.system, e.outcome, e.reward, e.judgements]).toEqual(['', null, null, []]);
  });
});

describe('readVera with grader outputs beside the episodes', async () => {
  const root = writeFiles(tempDir(), {
    'test.json': episodesText,
    'gpt4o_simpleqa_grades_llm.json': {
      summary: { total: 2 },
      grades: [
        { episode_id: 'vera_simpleqa_0a9d56e1', label: 'CORRECT', predicted_answer: 'It was Johann Meyer.', confidence: 90 },
        { episode_id: 'vera_aime_0a923d23', label: 'GradeLabel.NOT_ATTEMPTED', predicted_answer: '' },
        { episode_id: 'vera_unknown', label: 'INCORRECT' },
      ],
    },
    'llm_grades.json': { grades: [{ episode_id: 'vera_simpleqa_0a9d56e1', label: 'INCORRECT', model: 'gemini-2.5-flash', reasoning: 'Wrong person.' }] },
  });
  mkdirSync(join(root, 'audio'));
  copyFileSync(fixture('vera', 'test_voice_episodes', 'audio', 'vera_simpleqa_0a9d56e1.wav'), join(root, 'audio', 'vera_simpleqa_0a9d56e1.wav'));
  const batch = await readVera(join(root, 'test.json'));
  const byId = new Map(batch.episodes.map((e) => [e.externalId, e]));

  it('makes one episode per graded system with the grade as judgement and the answer as an agent turn', () => {
    const gpt = byId.get('vera_simpleqa_0a9d56e1@gpt4o_simpleqa')!;
    expect(gpt).toMatchObject({ system: 'gpt4o_simpleqa', task: 'vera_simpleqa_0a9d56e1', outcome: 'correct', reward: 1 });
    expect(gpt.judgements).toEqual([{ judgeId: 'vera-llm-grader', label: 'CORRECT', rationale: '', confidence: 0.9 }]);
    expect(gpt.turns.map((t) => t.speaker)).toEqual(['user', 'agent']);
    expect(gpt.turns[1].text).toBe('It was Johann Meyer.');
    const gemini = byId.get('vera_simpleqa_0a9d56e1@gemini-2.5-flash')!;
    expect(gemini).toMatchObject({ outcome: 'incorrect', reward: 0 });
    expect(gemini.judgements[0]).toMatchObject({ label: 'INCORRECT', rationale: 'Wrong person.', confidence: null });
    expect(byId.get('vera_aime_0a923d23@gpt4o_simpleqa')!.judgements[0].label).toBe('NOT_ATTEMPTED');
    expect(byId.get('vera_browsecomp_9c79d2a8')!.system).toBe('');
  });

  it('warns about grades for unknown episodes, ungraded episodes and missing audio', () => {
    expect(batch.episodes).toHaveLength(6);
    expect(batch.studyInfo.gradesFiles).toEqual(['gpt4o_simpleqa_grades_llm.json', 'llm_grades.json']);
    expect(batch.warnings).toEqual([
      'prompt audio not found under audio/ beside the episodes file (4 times)',
      '1 graded episode id(s) are not in the episodes file(s); their grades were ignored',
      'some episodes have no grade in the grades files',
    ]);
  });
});

async function failure(files: Record<string, string | object>): Promise<ImportError> {
  const root = writeFiles(tempDir(), files);
  try {
    await readVera(join(root, 'test.json'));
  } catch (err) {
    expect(err).toBeInstanceOf(ImportError);
    return err as ImportError;
  }
  throw new Error('expected the import to fail');
}

describe('readVera on broken inputs', () => {
  it('names the episode and field of text that is not VERA-encrypted', async () => {
    const data = episodesJson();
    data.episodes[1].turns[0].text_content = 'What is the capital of France?';
    const err = await failure({ 'test.json': data });
    expect([err.file, err.record, err.field]).toEqual(['test.json', 'episode 2 (id "vera_browsecomp_9c79d2a8")', 'episodes[1].turns[0].text_content']);
    expect(err.message).toContain('not base64');
  });

  it('names a missing canary, a wrong type and truncated JSON', async () => {
    const data = episodesJson();
    delete data.episodes[3].canary;
    const missing = await failure({ 'test.json': data });
    expect([missing.record, missing.field]).toEqual(['episode 4 (id "vera_mrcr_00c44580")', 'episodes[3].canary']);
    const typed = episodesJson();
    typed.episodes[0].turns = 'none';
    expect((await failure({ 'test.json': typed })).field).toBe('episodes[0].turns');
    const truncated = await failure({ 'test.json': episodesText.slice(0, 3000) });
    // the file is outlined before any episode is parsed: the cut is named by the episode and field it falls in
    const cutIn = ['test.json', 'episode 4 (id "vera_mrcr_00c44580")', 'episodes[3].track'];
    expect([truncated.file, truncated.record, truncated.field]).toEqual(cutIn);
    expect(truncated.message).toContain('the file ends at byte 3,000, inside the document: it is cut short');
  });

  it('names a bad grade label, and refuses an audio reference leading outside the folder', async () => {
    const grade = await failure({ 'test.json': episodesText, 'llm_grades.json': { grades: [{ episode_id: 'vera_mrcr_00c44580', label: 'MAYBE' }] } });
    expect([grade.file, grade.record, grade.field]).toEqual(['llm_grades.json', 'grade 1 (episode "vera_mrcr_00c44580")', 'grades[0].label']);
    const data = episodesJson();
    data.episodes[0].turns[0].audio_file = '../../elsewhere/prompt.wav';
    const escape = await failure({ 'test.json': data });
    expect([escape.record, escape.field]).toEqual(['episode 1 (id "vera_aime_0a923d23")', 'episodes[0].turns[0].audio_file']);
    expect(escape.message).toContain('leads outside');
  });
});
