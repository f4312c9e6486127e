/** Built-in taxonomy for τ-Voice / τ²-bench voice runs: failure source and failure type. */
import type { Taxonomy } from '../types/annotation';

/** τ-Voice: who caused the failure (agent / user / system) and what kind of failure it was. */
export const tauVoiceTaxonomy: Taxonomy = {
  format: 'earshot-taxonomy-v1',
  id: 'tau-voice',
  name: 'τ-Voice failure review',
  version: '1',
  description: 'Failure source and type of a failed τ-Voice / τ²-bench voice call.',
  source: 'Earshot issue 5 (τ-Voice review fields); judge labels pass/fail as imported from τ² results (reward = 1 is pass).',
  verdicts: [
    { value: 'pass', failure: false },
    { value: 'fail', failure: true },
  ],
  fields: [
    {
      key: 'source',
      label: 'Failure source',
      kind: 'single',
      role: 'source',
      options: [
        { value: 'agent', description: 'the voice agent under test caused the failure' },
        { value: 'user', description: 'the simulated user caused it (off-script, wrong information)' },
        { value: 'system', description: 'infrastructure: audio pipeline, telephony, tools, timeouts' },
      ],
    },
    {
      key: 'type',
      label: 'Failure type',
      kind: 'single',
      role: 'subtype',
      options: [
        { value: 'transcription', description: 'misheard or mis-transcribed speech' },
        { value: 'vad', description: 'turn-taking / voice activity detection: cut off, talked over, missed end of turn' },
        { value: 'logical', description: 'wrong reasoning or policy decision' },
        { value: 'hallucination', description: 'stated or used information that was never given' },
        { value: 'unresponsive', description: 'no reply, or silence where a reply was due' },
        { value: 'early_termination', description: 'the call ended before the task was done' },
      ],
    },
  ],
};
