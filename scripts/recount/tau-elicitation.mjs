#!/usr/bin/env node
/**
 * Recounts, from the raw τ-Elicitation reproduction archive (fixtures/tau-elicitation), the transcript and subset
 * numbers the unit tests expect. Plain Node, no dependencies, nothing from the product: it reads the JSONL, JSON and
 * CSV files itself and applies the definitions below. Prints one JSON object (the shape of TAU_ELICITATION in
 * test-support/fixture-counts.ts).
 *
 * Usage: node scripts/recount/tau-elicitation.mjs [FIXTURES_DIR]   (default $EARSHOT_FIXTURES or ../shared/fixtures)
 *
 * Definitions (fixtures README §2 "transcripts/*.jsonl", the archive's modeb_analysis.py rules as quoted in
 * docs/metrics-benchmarks.md "First-capture versus final-value accuracy" and "Verification effort"):
 * - a pass is `reward == 1.0`; Pass^3 counts the task ids with reward 1.0 in all three cells (README: "27 of the 200
 *   tasks have reward == 1.0 in all three cells").
 * - "first capture = `value` of the first `log_capture` with source `agent_tool_event` naming the field
 *   (`field_name`); null when there is none"; "final value = the field's value in `submit_fields` (`fields` object,
 *   source `agent_tool_event`); a later submission overrides an earlier one"; "spelled / read back = a
 *   `note_spell_request` / `note_readback` event with source `user_tool_event` naming the field (`field`)".
 * - the gold fields of a call are the keys of `evaluation_fields`; "fold(s) = lower-case s, replace every run of
 *   characters other than a–z 0–9 @ . by one space, trim"; a value is right when fold(value) = fold(gold).
 * - "repaired = first not correct ∧ final correct; regressed = first correct ∧ final not correct"; the repair rates
 *   leave out fields never logged; "verified = spelled ∨ read back".
 * - "spelling requests = #note_spell_request, read-backs = #note_readback (source user_tool_event only)".
 * - difficulty is the `<easy|hard>` of the task id `intake_<entity type>_<easy|hard>_<nn>`.
 * - recovery by step (paper §4.2): fields whose first logged capture is wrong, by read-back only, spelling only,
 *   both or neither; recovered = final value right.
 * - subsets (README §2 "examples/", "judge_validation/"): an example or validated call is an episode of its own
 *   unless its simulation_id is already one of the transcript calls.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fixturesDir, readCsv } from './read-files.mjs';

const root = `${fixturesDir()}/tau-elicitation`;
const CELLS = { regular: 'regular', chanheavy: 'noise_heavy', speechheavy: 'speech_heavy' };

const fold = (s) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9@.]+/g, ' ')
    .trim();
const right = (value, gold) => value !== null && fold(value) === fold(gold);

/** The calls of one cell, as parsed JSON lines. */
function cell(token) {
  const text = readFileSync(`${root}/transcripts/main_runs__modeb_gemini_high_${token}_2026-09-02.jsonl`, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
}

/** One record per gold field of a call: first capture, final value, spelled, read back. */
function fields(call) {
  const first = new Map();
  const final = new Map();
  const spelled = new Set();
  const readBack = new Set();
  for (const turn of call.turns) {
    const args = turn.tool_arguments ?? {};
    if (turn.source === 'agent_tool_event' && turn.tool_name === 'log_capture') {
      if (args.field_name && !first.has(args.field_name)) first.set(args.field_name, String(args.value ?? ''));
    } else if (turn.source === 'agent_tool_event' && turn.tool_name === 'submit_fields') {
      for (const [name, value] of Object.entries(args.fields ?? {})) final.set(name, String(value));
    } else if (turn.source === 'user_tool_event' && args.field) {
      if (turn.tool_name === 'note_spell_request') spelled.add(args.field);
      if (turn.tool_name === 'note_readback') readBack.add(args.field);
    }
  }
  return Object.entries(call.evaluation_fields).map(([name, gold]) => ({
    first: first.has(name) ? right(first.get(name), gold) : null,
    final: right(final.get(name) ?? null, gold),
    spelled: spelled.has(name),
    readBack: readBack.has(name),
  }));
}

/** Caller-recorded verification events of some calls. */
function effort(calls) {
  const events = (c, tool) => c.turns.filter((t) => t.source === 'user_tool_event' && t.tool_name === tool).length;
  return {
    calls: calls.length,
    spellRequests: calls.reduce((n, c) => n + events(c, 'note_spell_request'), 0),
    readBacks: calls.reduce((n, c) => n + events(c, 'note_readback'), 0),
  };
}

const cells = Object.fromEntries(Object.entries(CELLS).map(([token, env]) => [env, cell(token)]));
const regular = cells.regular;
const count = (rows, test) => rows.filter(test).length;

const byTask = new Map();
for (const calls of Object.values(cells)) {
  for (const c of calls) byTask.set(c.task_id, [...(byTask.get(c.task_id) ?? []), c.reward]);
}

const captured = regular.flatMap(fields);
const logged = captured.filter((f) => f.first !== null);
const wrong = logged.filter((f) => !f.first);
const verified = (f) => f.spelled || f.readBack;
const step = (f) =>
  f.readBack && f.spelled ? 'both' : f.readBack ? 'read_back_only' : f.spelled ? 'spelling_only' : 'neither';
const recovery = (name) => {
  const mine = wrong.filter((f) => step(f) === name);
  return [count(mine, (f) => f.final), mine.length];
};
const difficulty = (c) => /^intake_.+_(easy|hard)_\d+$/.exec(c.task_id)?.[1] ?? 'unknown';
const voice = (name) => {
  const mine = regular.filter((c) => c.speech_environment.persona_name === name);
  return [count(mine, (c) => c.reward === 1), mine.length];
};

const transcriptIds = new Set(Object.values(cells).flatMap((calls) => calls.map((c) => c.simulation_id)));
const examples = JSON.parse(readFileSync(`${root}/examples/manifest.json`, 'utf8')).calls.filter(
  (c) => !transcriptIds.has(c.simulation_id),
);
const validated = readCsv(`${root}/judge_validation/validation.csv`).filter(
  (r) => r.unit_type === 'call' && !transcriptIds.has(r.simulation_id),
);
const examplesOnDisk = readdirSync(`${root}/examples`).filter((f) => f !== 'manifest.json').length;

const out = {
  tasksPerCell: byTask.size,
  passes: Object.fromEntries(Object.entries(cells).map(([env, calls]) => [env, count(calls, (c) => c.reward === 1)])),
  passAllThree: count([...byTask.values()], (rewards) => rewards.length === 3 && rewards.every((r) => r === 1)),
  effort: Object.fromEntries(Object.entries(cells).map(([env, calls]) => [env, effort(calls)])),
  regular: {
    callsWithReadBack: count(regular, (c) => effort([c]).readBacks > 0),
    callsWithSpellRequest: count(regular, (c) => effort([c]).spellRequests > 0),
    byDifficulty: {
      easy: effort(regular.filter((c) => difficulty(c) === 'easy')),
      hard: effort(regular.filter((c) => difficulty(c) === 'hard')),
    },
    capture: {
      fields: captured.length,
      firstMissing: captured.length - logged.length,
      firstRight: count(logged, (f) => f.first),
      firstWrong: wrong.length,
      finalRight: count(captured, (f) => f.final),
      repaired: count(captured, (f) => !f.first && f.final),
      regressed: count(captured, (f) => f.first && !f.final),
      verifiedFirstWrong: count(wrong, verified),
      verifiedFirstRight: count(logged, (f) => f.first && verified(f)),
      repairedVerified: count(wrong, (f) => verified(f) && f.final),
      repairedUnverified: count(wrong, (f) => !verified(f) && f.final),
    },
    recovery: Object.fromEntries(['neither', 'read_back_only', 'spelling_only', 'both'].map((s) => [s, recovery(s)])),
    voices: { wei_lin: voice('wei_lin'), priya_patil: voice('priya_patil') },
  },
  subsets: {
    exampleFiles: examplesOnDisk,
    examples: examples.length,
    examplePasses: count(examples, (c) => c.reward === 1),
    validation: validated.length,
    validationPasses: count(validated, (r) => Number(r.reward) === 1),
  },
};
out.episodes = transcriptIds.size + out.subsets.examples + out.subsets.validation;

process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
