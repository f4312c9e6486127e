const VERA_TRACKS = ['mathematical_reasoning', 'web', 'science', 'long_context', 'factual_recall'];
const VERA_ERRORS = ['COMPUTATION_ERROR', 'UNSUPPORTED_FACT', 'NO_FINAL_ANSWER', 'MISUNDERSTANDING', 'ENTITY_CONFUSION', 'NOT_ATTEMPTED'];

/** A generic study with every family: τ-Voice-style trials (pass^k), VERA grades with latency and categories, DSB-DG probes, A/B failure labels. */
function showcase(): unknown[] {
  const lines: unknown[] = [{ schema: 'earshot-study-v1', name: 'Results showcase', benchmark: 'generic' }];
  const ep = (id: string, rest: Record<string, unknown>) => lines.push({ schema: 'earshot-episode-v1', id, ...rest });
  ['gpt-realtime', 'cascade'].forEach((system, s) => {
    for (let task = 0; task < 12; task++)
      for (let trial = 0; trial < 4; trial++) {
        const reward = (task * 5 + trial * 3 + s * 4) % 10 < 4 + 3 * s ? 1 : 0;
        ep(`tau-${system}-${task}-${trial}`, { system, task: `retail_${task}`, trial, condition: { benchmark: 'tau-voice', domain: 'retail' }, reward, outcome: reward ? 'pass' : 'fail' });
      }
  });
  ['gpt-realtime', 'gemini-live', 'gpt-4o-text'].forEach((system, s) => {
    VERA_TRACKS.forEach((track, t) => {
      for (let i = 0; i < 8; i++) {
        const correct = (i * 7 + s * 3 + t * 2) % 10 < [4, 3, 7][s] + (t % 2);
        const label = correct ? 'CORRECT' : (i + s) % 5 === 0 ? 'NOT_ATTEMPTED' : 'INCORRECT';
        const categories = correct ? [] : [VERA_ERRORS[(i + t + s * 2) % VERA_ERRORS.length], ...(s === 0 && i % 2 ? ['UNSUPPORTED_FACT'] : [])];
        ep(`${track}-${i}@${system}`, {
          system, task: `${track}-${i}`, condition: { benchmark: 'vera', track }, info: { latency_ms: [1400, 900, 350][s] + ((i * 37 + t * 53) % 400) },
          judgements: [{ judge_id: 'grader', label, categories: [...new Set(categories)] }],
        });
      }
    });
  });
  const wrong = ['intrinsic_hallucination', 'extrinsic_hallucination', 'false_confidence', 'correct_abstention'];
  const grounded = [[8, 7, 6, 4, 3], [7, 6, 6, 5, 5]];
  ['realtime-doc-qa', 'cascade-rag'].forEach((system, s) => {
    ['T1', 'T2', 'T3', 'T4', 'T5'].forEach((tier, t) => {
      for (let i = 0; i < 9; i++) {
        const label = i < grounded[s][t] ? 'grounded' : wrong[(i + t) % wrong.length];
        const failed = label !== 'grounded' && label !== 'correct_abstention';
        ep(`dsb-${system}-${tier}-${i}`, {
          system, task: `${tier}-q${i}`, condition: { benchmark: 'dsb-dg', tier, domain: ['finance', 'policy', 'medical'][i % 3], protocol: i < 4 ? 'decay-17' : 'single-turn' },
          info: { answerable: label !== 'correct_abstention', probe_turn: 1 + i * 2, script: `${system}-${tier}`, first_audio_ms: 600 + s * 350 + t * 90 + i * 20 },
          judgements: [{ judge_id: 'judge', label }],
          annotations: failed
            ? [
                { annotator: 'A', field: 'source', value: (i + s) % 3 === 0 ? 'user' : 'agent' },
                { annotator: 'A', field: 'type', value: ['hallucination', 'logical', 'transcription'][i % 3] },
                { annotator: 'B', field: 'source', value: (i + s) % 4 === 0 ? 'system' : 'agent' },
                { annotator: 'B', field: 'type', value: ['hallucination', 'logical', 'vad'][i % 3] },
              ]
            : [],
        });
      }
    });
  });
  return lines;
}


import { writeFileSync } from 'node:fs';
writeFileSync('/tmp/scratch/showcase.jsonl', showcase().map((l) => JSON.stringify(l)).join('\n') + '\n');
