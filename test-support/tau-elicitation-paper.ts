/**
 * A synthetic τ-Elicitation study in the generic JSONL format built from the paper's reported per-cell counts
 * (results/manifest.csv and the result-source notes on the `tau-elicitation` branch): four systems × two prompting
 * strategies × three environments × 200 tasks.
 */

/** The three environments in paper order. */
export const PAPER_ENVIRONMENTS = ['regular', 'noise_heavy', 'speech_heavy'] as const;

/** One strategy of one system: passes of 200 per environment, crossed Pass^3 × 200, mean regular call seconds. */
export interface PaperArm {
  passes: [number, number, number];
  pass3: number;
  seconds: number | null;
}

/** Agent-directed, then scaffolded; GPT minimal's durations are not published. */
export const PAPER_CELLS: Record<string, { agent: PaperArm; scaffolded: PaperArm }> = {
  gpt_xhigh: {
    agent: { passes: [89, 78, 104], pass3: 40, seconds: 59.439 },
    scaffolded: { passes: [154, 119, 147], pass3: 77, seconds: 87.421 },
  },
  gemini_high: {
    agent: { passes: [103, 74, 89], pass3: 27, seconds: 66.37 },
    scaffolded: { passes: [159, 128, 140], pass3: 73, seconds: 86.942 },
  },
  grok: {
    agent: { passes: [133, 125, 132], pass3: 81, seconds: 87.086 },
    scaffolded: { passes: [163, 144, 156], pass3: 108, seconds: 109.8 },
  },
  gpt_minimal: {
    agent: { passes: [83, 73, 86], pass3: 30, seconds: null },
    scaffolded: { passes: [157, 127, 145], pass3: 91, seconds: null },
  },
};

/**
 * Which of 200 tasks pass in each environment so that each environment has its count and exactly `pass3` tasks pass
 * in all three: tasks 0 … pass3 − 1 pass everywhere; regular adds the next ones, noise-heavy the last ones, and
 * speech-heavy only tasks that did not already pass in both others.
 */
export function passingTasks(arm: PaperArm): Set<number>[] {
  const [r, n, s] = arm.passes;
  const all = Array.from({ length: 200 }, (_, i) => i);
  const regular = new Set(all.slice(0, r));
  const noise = new Set([...all.slice(0, arm.pass3), ...all.slice(200 - (n - arm.pass3))]);
  const free = all.filter((i) => i >= arm.pass3 && !(regular.has(i) && noise.has(i)));
  const speech = new Set([...all.slice(0, arm.pass3), ...free.slice(0, s - arm.pass3)]);
  return [regular, noise, speech];
}

/** The study as JSONL lines: a header naming it `name`, then one episode per call (durations in the regular cells). */
export function paperStudyLines(name: string): unknown[] {
  const lines: unknown[] = [{ schema: 'earshot-study-v1', name, benchmark: 'tau-elicitation' }];
  for (const [system, arms] of Object.entries(PAPER_CELLS)) {
    for (const [strategy, arm] of [
      ['agent_directed', arms.agent],
      ['scaffolded', arms.scaffolded],
    ] as const) {
      const sets = passingTasks(arm);
      PAPER_ENVIRONMENTS.forEach((environment, e) => {
        for (let i = 0; i < 200; i += 1) {
          lines.push({
            schema: 'earshot-episode-v1',
            id: `${system}/${strategy}/${environment}/${i}`,
            system,
            task: `intake_task_${i}`,
            condition: { strategy, environment },
            reward: sets[e].has(i) ? 1 : 0,
            duration_ms: environment === 'regular' && arm.seconds !== null ? arm.seconds * 1000 : null,
          });
        }
      });
    }
  }
  return lines;
}
