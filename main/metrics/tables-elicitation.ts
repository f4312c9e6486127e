/** τ-Elicitation analysis tables: strategy differences with time cost, caller voice, realisms, recovery by step. */
import type { MetricsTable, TauSection } from '../../shared/types/metrics';
import type { RealismArm, RealismEffectRow } from '../../shared/types/elicitation-rows';
import { realismLabel } from '../../shared/types/realism-labels';
import {
  col,
  estimateColumns,
  conditionLabel,
  coverage,
  intervalCells,
  rateCells,
  rateColumns,
  systemLabel,
  withMinimum,
} from './table-kit';

const effectColumns = (unit: string): MetricsTable['columns'] => [
  col('effect', `effect (${unit})`, 'num'),
  col('effectLow', 'low', 'num'),
  col('effectHigh', 'high', 'num'),
];

/** One realism row as table cells; fractions become percentage points, seconds stay seconds. */
function realismCells(arm: RealismArm, r: RealismEffectRow, envs: readonly string[]): MetricsTable['rows'][number] {
  const scale = r.outcome === 'duration_s' ? 1 : 100;
  const scaled = (v: number | null) => (v === null ? null : v * scale);
  return {
    arm: conditionLabel(arm.condition),
    realism: realismLabel(r.kind),
    outcome: r.outcome,
    assigned: r.assigned.units,
    assignedN: r.assigned.effectiveN,
    clean: r.clean.units,
    cleanN: r.clean.effectiveN,
    assignedMean: r.assigned.weightedMean,
    cleanMean: r.clean.weightedMean,
    effect: scaled(r.effect.estimate),
    effectLow: scaled(r.effect.low),
    effectHigh: scaled(r.effect.high),
    ...Object.fromEntries(envs.map((env) => [`env:${env}`, scaled(r.environmentEffects[env] ?? null)])),
    p: r.p,
    holmP: r.holmP,
  };
}

function realismTables(t: TauSection, ci: string): MetricsTable[] {
  const section = t.benchmark;
  const envs = [
    ...new Set(
      t.realism.flatMap((a) => [...a.effects, ...a.repairCost].flatMap((r) => Object.keys(r.environmentEffects))),
    ),
  ];
  const columns = (unit: string, withTest: boolean): MetricsTable['columns'] => [
    col('arm', 'arm'),
    col('realism', 'realism'),
    col('assigned', 'assigned units', 'int'),
    col('assignedN', 'assigned eff. n', 'num'),
    col('clean', 'clean units', 'int'),
    col('cleanN', 'clean eff. n', 'num'),
    col('assignedMean', 'assigned mean', 'num'),
    col('cleanMean', 'clean mean', 'num'),
    ...effectColumns(unit),
    ...envs.map((env) => col(`env:${env}`, env, 'num')),
    ...(withTest ? [col('p', 'randomization p', 'p'), col('holmP', 'Holm p', 'p')] : []),
  ];
  const rows = (pick: (a: RealismArm) => RealismEffectRow[]) =>
    t.realism.flatMap((a) => pick(a).map((r) => ({ arm: a, r })));
  const effects = rows((a) => a.effects);
  const cost = rows((a) => a.repairCost);
  const design =
    'Unit = task × environment, outcome averaged over the arm’s systems; assignment probabilities = the share ' +
    'of each realism among the units of the same environment and entity type; Hájek (normalised inverse-probability) ' +
    'contrast against clean units within each environment, averaged over environments.';
  const tables: MetricsTable[] = [];
  if (effects.length) {
    tables.push({
      id: `${section}-realism`,
      section,
      title: 'Caller-realism assignment effects on exact success (pp)',
      columns: columns('pp', true),
      rows: effects.map(({ arm, r }) => realismCells(arm, r, envs)),
      ...withMinimum(
        `${design} Randomization p redraws the assignments from those probabilities (+1 correction); ` +
          `Holm across the rows tested. ${ci}`,
        effects.map(({ r }) => r),
        t.minCellItems,
      ),
    });
  }
  if (cost.length) {
    tables.push({
      id: `${section}-repair-cost`,
      section,
      title: 'Mispronunciation repair cost: spelling requests (pp) and call duration (s)',
      columns: [
        ...columns('pp or s', false).slice(0, 2),
        col('outcome', 'outcome'),
        ...columns('pp or s', false).slice(2),
      ],
      rows: cost.map(({ arm, r }) => realismCells(arm, r, envs)),
      ...withMinimum(
        'Outcome spelling_request = share of calls with a caller-recorded spelling request (pp); ' +
          `duration_s = call seconds. ${design} ${ci}`,
        cost.map(({ r }) => r),
        t.minCellItems,
      ),
    });
  }
  return tables;
}

/** The τ-Elicitation analysis tables of a τ section (each only when it has rows). */
export function elicitationTables(t: TauSection, confidence: number): MetricsTable[] {
  const section = t.benchmark;
  const ci = `${coverage(confidence)} intervals: percentile bootstrap resampling tasks.`;
  const tables: MetricsTable[] = [];
  const { passAt1, passHat3 } = t.strategy;
  if (passAt1.length) {
    tables.push({
      id: `${section}-strategy`,
      section,
      title: 'Scaffolded − agent-directed: Pass@1 and time per call, paired by task',
      columns: [
        col('system', 'system'),
        col('environment', 'environment'),
        col('tasks', 'paired tasks', 'int'),
        ...rateColumns('reference', 'agent-directed'),
        ...rateColumns('treatment', 'scaffolded'),
        ...estimateColumns('difference', 'Δ Pass@1'),
        col('timedTasks', 'timed tasks', 'int'),
        col('referenceSeconds', 'agent-directed s', 'num'),
        col('treatmentSeconds', 'scaffolded s', 'num'),
        ...estimateColumns('seconds', 'Δ s per call'),
      ],
      rows: passAt1.map((r) => ({
        system: systemLabel(r.system),
        environment: r.environment,
        tasks: r.tasks,
        ...rateCells('reference', r.referenceSuccess),
        ...rateCells('treatment', r.treatmentSuccess),
        difference: r.difference.estimate,
        ...intervalCells('difference', r.difference),
        timedTasks: r.timedTasks,
        referenceSeconds: r.referenceSeconds,
        treatmentSeconds: r.treatmentSeconds,
        seconds: r.secondsDifference.estimate,
        ...intervalCells('seconds', r.secondsDifference),
      })),
      ...withMinimum(
        'Δ = scaffolded − agent-directed over the tasks both have (a task’s mean over its trials); ' +
          `seconds are call durations. ${ci}`,
        passAt1,
        t.minCellItems,
      ),
    });
  }
  if (passHat3.length) {
    tables.push({
      id: `${section}-strategy-pass3`,
      section,
      title: 'Scaffolded − agent-directed: Pass^3 across environments',
      columns: [
        col('system', 'system'),
        col('tasks', 'paired tasks', 'int'),
        col('unpaired', 'unpaired tasks', 'int'),
        ...rateColumns('reference', 'agent-directed'),
        ...rateColumns('treatment', 'scaffolded'),
        ...estimateColumns('difference', 'Δ Pass^3'),
      ],
      rows: passHat3.map((r) => ({
        system: systemLabel(r.system),
        tasks: r.tasks,
        unpaired: r.unpaired,
        ...rateCells('reference', r.referencePass),
        ...rateCells('treatment', r.treatmentPass),
        difference: r.difference.estimate,
        ...intervalCells('difference', r.difference),
      })),
      ...withMinimum(
        `Tasks with one scored call in each of the three environments under both strategies. ${ci}`,
        passHat3,
        t.minCellItems,
      ),
    });
  }
  if (t.callerVoice.length) {
    const voices = t.callerVoice.flatMap((c) => c.voices.map((v) => ({ c, v })));
    tables.push({
      id: `${section}-voice`,
      section,
      title: 'Success by caller voice',
      columns: [
        col('system', 'system'),
        col('condition', 'condition'),
        col('voice', 'voice'),
        ...rateColumns('success', 'success', true),
        col('spread', 'spread (best − worst)', 'num'),
        col('omnibusP', 'exact Freeman–Halton p', 'p'),
        col('omnibusHolmP', 'Holm p', 'p'),
      ],
      rows: voices.map(({ c, v }) => ({
        system: systemLabel(c.system),
        condition: conditionLabel(c.condition),
        voice: v.voice,
        ...rateCells('success', v.success),
        ...intervalCells('success', v.interval),
        spread: c.spread,
        omnibusP: c.omnibusP,
        omnibusHolmP: c.omnibusHolmP,
      })),
      ...withMinimum(
        'Voice = info.speechEnvironment.persona_name, best first. Spread and the omnibus test use the voices at or ' +
          `above the minimum; Holm across cells. ${ci}`,
        voices.map(({ v }) => v),
        t.minCellItems,
      ),
    });
    const contrasts = t.callerVoice.flatMap((c) => c.contrasts.map((x) => ({ c, x })));
    tables.push({
      id: `${section}-voice-contrasts`,
      section,
      title: 'Caller voices compared pairwise (Fisher exact, Holm)',
      columns: [
        col('system', 'system'),
        col('condition', 'condition'),
        col('voiceA', 'A'),
        col('voiceB', 'B'),
        ...estimateColumns('difference', 'A − B'),
        col('p', 'Fisher p', 'p'),
        col('holmP', 'Holm p', 'p'),
      ],
      rows: contrasts.map(({ c, x }) => ({
        system: systemLabel(c.system),
        condition: conditionLabel(c.condition),
        voiceA: x.voiceA,
        voiceB: x.voiceB,
        difference: x.difference.estimate,
        ...intervalCells('difference', x.difference),
        p: x.p,
        holmP: x.holmP,
      })),
      ...withMinimum(
        `Two-sided Fisher exact test per pair; Holm across the pairs tested within a cell. ${ci}`,
        contrasts.map(({ x }) => x),
        t.minCellItems,
      ),
    });
  }
  tables.push(...realismTables(t, ci));
  if (t.recovery.length) {
    tables.push({
      id: `${section}-recovery`,
      section,
      title: 'Recovery of initially wrong captures by repair step',
      columns: [
        col('system', 'system'),
        col('condition', 'condition'),
        col('step', 'repair step'),
        ...rateColumns('recovered', 'final value correct', true),
      ],
      rows: t.recovery.map((r) => ({
        system: systemLabel(r.system),
        condition: conditionLabel(r.condition),
        step: r.step.replace(/_/g, ' '),
        ...rateCells('recovered', r.recovered),
        ...intervalCells('recovered', r.interval),
      })),
      ...withMinimum(
        'Fields whose first logged capture was wrong, by the caller-recorded verification they got (read-back, ' +
          `spelling request). Associations: agents choose when to verify. ${ci}`,
        t.recovery,
        t.minCellItems,
      ),
    });
  }
  return tables;
}
