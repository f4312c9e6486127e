import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test-support/fixtures';
import { TAU_ELICITATION, TAU_VALIDATION } from '../../../test-support/fixture-counts';
import type { BatchEpisode } from '../batch';
import { readTauElicitation } from './read-tau-elicitation';

describe('readTauElicitation on the reproduction archive fixture', async () => {
  const batch = await readTauElicitation(fixture('tau-elicitation'));
  const fromTranscripts = batch.episodes.filter((e) => String(e.info.source).startsWith('transcripts/'));
  const validated = batch.episodes.filter((e) => e.info.validation);
  // Counts: scripts/recount/tau-elicitation.mjs (TAU_ELICITATION) and tau-validation.mjs (TAU_VALIDATION).
  const { passes, tasksPerCell: tasks } = TAU_ELICITATION;

  it('reads 600 transcript episodes: one system, three environments, 103/74/89 passes', () => {
    expect(batch.format).toBe('tau-elicitation');
    expect(batch.benchmark).toBe('tau-elicitation');
    expect(fromTranscripts).toHaveLength(3 * tasks);
    const cells = new Map<string, [number, number]>();
    for (const e of fromTranscripts) {
      expect(e.system).toBe('gemini_high');
      expect(e.condition.strategy).toBe('agent_directed');
      const [n, p] = cells.get(e.condition.environment) ?? [0, 0];
      cells.set(e.condition.environment, [n + 1, p + (e.outcome === 'pass' ? 1 : 0)]);
    }
    expect(Object.fromEntries(cells)).toEqual({
      regular: [tasks, passes.regular],
      noise_heavy: [tasks, passes.noise_heavy],
      speech_heavy: [tasks, passes.speech_heavy],
    });
  });

  it('keeps every simulation a distinct episode though each task runs in three environments', () => {
    expect(new Set(batch.episodes.map((e) => e.externalId)).size).toBe(batch.episodes.length);
    const byTask = new Map<string, BatchEpisode[]>();
    for (const e of fromTranscripts) byTask.set(e.task, [...(byTask.get(e.task) ?? []), e]);
    expect(byTask.size).toBe(tasks);
    const passedAll = [...byTask.values()].filter((eps) => eps.length === 3 && eps.every((e) => e.reward === 1));
    expect(passedAll.length).toBe(TAU_ELICITATION.passAllThree);
  });

  it('keeps agent speech and both sides’ tool events in order, with gold and submitted values', () => {
    const e = fromTranscripts.find((x) => x.externalId === '000aa7d2-c3c9-474d-8492-8823d4f194ef')!;
    expect(e.turns.map((t) => [t.speaker, t.tool?.name ?? t.text.slice(0, 14)])).toEqual([
      ['agent', 'Hello, this is'],
      ['agent', 'get_callback_order'],
      ['agent', "Hello, I'm cal"],
      ['agent', "Yes, I'm here."],
      ['agent', 'Thank you, Kar'],
      ['agent', 'Thanks for you'],
      ['user', 'get_entity'],
      ['agent', 'log_capture'],
      ['agent', 'submit_fields'],
      ['agent', 'end_call'],
    ]);
    expect(e.turns[6].tool).toEqual({ name: 'get_entity', arguments: { field: 'second_guest_full_name' }, result: 'Michael Santiago' });
    expect(e.info.evaluationFields).toEqual({ second_guest_full_name: 'Michael Santiago' });
    expect(e.info.submittedFields).toEqual({ second_guest_full_name: 'michael santiago' });
    expect(e).toMatchObject({ task: 'intake_person_names_easy_02', trial: 0, reward: 1, outcome: 'pass', durationMs: 91077 });
    const events = fromTranscripts.flatMap((x) => x.turns.filter((t) => t.tool).map((t) => `${t.speaker}:${t.tool!.name}`));
    for (const name of ['agent:log_capture', 'agent:submit_fields', 'user:get_entity', 'user:note_readback', 'user:note_spell_request']) expect(events).toContain(name);
  });

  it('says once that the transcripts carry no caller speech', () => {
    expect(batch.warnings.filter((w) => w.includes('no caller speech'))).toHaveLength(1);
    expect(fromTranscripts.every((e) => !e.turns.some((t) => t.speaker === 'user' && !t.tool))).toBe(true);
  });

  it('adds the example calls, reusing the transcript episode for an example already read', () => {
    const examples = batch.episodes.filter((e) => String(e.info.source).startsWith('examples/'));
    expect(examples.map((e) => [e.system, e.condition.strategy]).sort()).toEqual([
      ['gemini_high', 'scaffolded'],
      ['gpt_xhigh', 'agent_directed'],
      ['gpt_xhigh', 'scaffolded'],
      ['grok', 'agent_directed'],
      ['grok', 'scaffolded'],
    ]);
    expect(batch.episodes.filter((e) => e.externalId === 'bd4987fb-3ff1-4451-9e6c-a7542e315077')).toHaveLength(1);
  });

  it('maps 100 validated calls with 41 judge findings and both annotators’ labels', () => {
    expect(validated).toHaveLength(TAU_VALIDATION.calls);
    const judgements = validated.map((e) => e.judgements.find((j) => j.judgeId === 'tau-elicit-speech-judge-validation')!);
    expect(judgements.reduce((n, j) => n + j.findings!.length, 0)).toBe(TAU_VALIDATION.findings);
    expect(judgements.filter((j) => j.label === 'flagged')).toHaveLength(TAU_VALIDATION.flagged);
    for (const annotator of ['A', 'B']) {
      const sources = validated.flatMap((e) => e.annotations.filter((a) => a.annotator === annotator && a.field === 'error_source'));
      expect(sources).toHaveLength(TAU_VALIDATION.calls);
    }
    const e = validated.find((x) => x.externalId === '02c7aca0-f088-4861-89aa-06c03dc82940')!;
    expect(e.annotations.filter((a) => a.annotator === 'B').map((a) => [a.field, a.value])).toEqual([
      ['error_source', 'agent'],
      ['error_subtype', 'transcription_error'],
      ['severity', 2],
      ['notes', 'Agent does not speak hyphens'],
      ['finding_notes', [{ utteranceIndex: 6, note: 'Not definitive' }]],
    ]);
    expect(judgements.find((j) => j.rationale === "The agent says 'corrective' instead of 'corrected'.")!.findings![0].category).toBe('word_substitution');
  });

  it('imports validated calls without a transcript as episodes without turns, and says so', () => {
    expect(validated.every((e) => e.turns.length === 0 && e.info.source === 'judge_validation/validation.csv')).toBe(true);
    const without = TAU_ELICITATION.subsets.validation;
    expect(batch.warnings).toContain(`judge_validation/validation.csv: ${without} validated call(s) have no transcript here; imported as episodes without turns`);
    expect(batch.episodes).toHaveLength(TAU_ELICITATION.episodes);
  });

  it('reads one transcripts file on its own with its cell from the manifest', async () => {
    const one = await readTauElicitation(fixture('tau-elicitation', 'transcripts', 'main_runs__modeb_gemini_high_chanheavy_2026-09-02.jsonl'));
    expect(one.episodes).toHaveLength(tasks);
    expect(one.episodes.filter((e) => e.outcome === 'pass')).toHaveLength(passes.noise_heavy);
    expect(one.episodes[0].condition).toEqual({ strategy: 'agent_directed', environment: 'noise_heavy' });
  });
});
