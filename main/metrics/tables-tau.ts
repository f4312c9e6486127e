/** The τ-family tables: success / Pass@1, per-system success, pass^k, pairwise comparisons, crossed Pass^3, capture, verification. */
import type { MetricsTable, TauSection } from '../../shared/types/metrics';
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
import { elicitationTables } from './tables-elicitation';
import { difficultyTables } from './tables-elicitation-difficulty';

/** Every table of one τ section. */
export function tauTables(t: TauSection, confidence: number): MetricsTable[] {
  const section = t.benchmark;
  const ci = `${coverage(confidence)} intervals: percentile bootstrap resampling tasks.`;
  const tables: MetricsTable[] = [
    {
      id: `${section}-success`,
      section,
      title: 'Success rate (Pass@1) per system and condition',
      columns: [
        col('system', 'system'),
        col('condition', 'condition'),
        col('episodes', 'episodes', 'int'),
        col('unscored', 'unscored', 'int'),
        ...rateColumns('success', 'success', true),
      ],
      rows: t.success.map((r) => ({
        system: systemLabel(r.system),
        condition: conditionLabel(r.condition),
        episodes: r.episodes,
        unscored: r.unscored,
        ...rateCells('success', r.success),
        ...intervalCells('success', r.interval),
      })),
      ...withMinimum(`success ⇔ |reward − 1| ≤ 1e-6 over scored episodes. ${ci}`, t.success, t.minCellItems),
    },
    {
      id: `${section}-systems`,
      section,
      title: 'Success rate per system (all conditions)',
      columns: [
        col('system', 'system'),
        col('episodes', 'episodes', 'int'),
        col('unscored', 'unscored', 'int'),
        ...rateColumns('success', 'success', true),
      ],
      rows: t.systems.map((r) => ({
        system: systemLabel(r.system),
        episodes: r.episodes,
        unscored: r.unscored,
        ...rateCells('success', r.success),
        ...intervalCells('success', r.interval),
      })),
      ...withMinimum(`${ci}`, t.systems, t.minCellItems),
    },
  ];
  if (t.subsets.length) {
    tables.unshift({
      id: `${section}-subsets`,
      section,
      title: 'Subsets kept out of the system tables',
      columns: [col('subset', 'subset'), col('episodes', 'episodes', 'int'), ...rateColumns('success', 'success')],
      rows: t.subsets.map((r) => ({ subset: r.subset, episodes: r.episodes, ...rateCells('success', r.success) })),
      note:
        'Episodes with info.subset (example calls read on their own, validation-only calls without a transcript) ' +
        'are no part of a results cell: every other table leaves them out.',
    });
  }
  if (t.passHatK.maxK > 0) {
    tables.push({
      id: `${section}-pass-hat-k`,
      section,
      title: `pass^k, k = 1…${t.passHatK.maxK}`,
      columns: [
        col('system', 'system'),
        col('condition', 'condition'),
        col('k', 'k', 'int'),
        col('value', 'pass^k', 'rate'),
        col('tasks', 'tasks', 'int'),
        col('excluded', 'tasks with < k trials', 'int'),
      ],
      rows: t.passHatK.rows.map((r) => ({
        system: systemLabel(r.system),
        condition: conditionLabel(r.condition),
        k: r.k,
        value: r.value,
        tasks: r.tasks,
        excluded: r.excluded.length,
      })),
      ...withMinimum(
        'pass^k = mean over tasks of C(c, k) / C(n, k) on scored trials.',
        t.passHatK.rows.map((r) => ({ belowMinimum: r.tasks < t.minCellItems })),
        t.minCellItems,
      ),
    });
  }
  if (t.pairwise.length) {
    tables.push({
      id: `${section}-pairwise`,
      section,
      title: 'Pairwise system comparisons (exact McNemar, Holm)',
      columns: [
        col('systemA', 'A'),
        col('systemB', 'B'),
        col('pairs', 'matched', 'int'),
        col('successesA', 'A successes', 'int'),
        col('successesB', 'B successes', 'int'),
        col('b', 'A only', 'int'),
        col('c', 'B only', 'int'),
        ...estimateColumns('difference', 'A − B'),
        col('p', 'exact p', 'p'),
        col('holmP', 'Holm p', 'p'),
      ],
      rows: t.pairwise.map((r) => ({
        systemA: r.systemA,
        systemB: r.systemB,
        pairs: r.pairs,
        successesA: r.successesA,
        successesB: r.successesB,
        b: r.test?.b ?? null,
        c: r.test?.c ?? null,
        difference: r.difference.estimate,
        ...intervalCells('difference', r.difference),
        p: r.test?.exactP ?? null,
        holmP: r.holmP,
      })),
      ...withMinimum(
        `Episodes matched on task, condition and trial; Holm across the pairs tested. ${ci}`,
        t.pairwise,
        t.minCellItems,
      ),
    });
  }
  if (t.crossEnvironment.length) {
    tables.push({
      id: `${section}-pass3-crossed`,
      section,
      title: 'Pass^3 across environments (regular, noise-heavy, speech-heavy)',
      columns: [
        col('system', 'system'),
        col('condition', 'setting'),
        ...rateColumns('passAll', 'Pass^3', true),
        col('incomplete', 'incomplete tasks', 'int'),
        col('duplicated', 'duplicated tasks', 'int'),
      ],
      rows: t.crossEnvironment.map((r) => ({
        system: systemLabel(r.system),
        condition: conditionLabel(r.condition),
        ...rateCells('passAll', r.passAll),
        ...intervalCells('passAll', r.interval),
        incomplete: r.incomplete.length,
        duplicated: r.duplicated.length,
      })),
      ...withMinimum(
        `A task passes when it succeeds in all three environments. ${ci}`,
        t.crossEnvironment,
        t.minCellItems,
      ),
    });
  }
  if (t.capture.length) {
    tables.push({
      id: `${section}-capture`,
      section,
      title: 'First-capture vs final-value accuracy',
      columns: [
        col('system', 'system'),
        col('condition', 'condition'),
        col('calls', 'calls', 'int'),
        col('fields', 'gold fields', 'int'),
        col('firstMissing', 'never logged', 'int'),
        ...rateColumns('first', 'first capture', true),
        ...rateColumns('final', 'final value', true),
        col('repaired', 'repaired', 'int'),
        col('regressed', 'regressed', 'int'),
        col('verifiedWrong', 'P(verified | first wrong)', 'rate'),
        col('verifiedRight', 'P(verified | first right)', 'rate'),
        col('repairedVerified', 'P(final right | verified, first wrong)', 'rate'),
        col('repairedUnverified', 'P(final right | unverified, first wrong)', 'rate'),
      ],
      rows: t.capture.map((r) => ({
        system: systemLabel(r.system),
        condition: conditionLabel(r.condition),
        calls: r.calls,
        fields: r.accuracy.fields,
        firstMissing: r.accuracy.firstMissing,
        ...rateCells('first', r.accuracy.first),
        ...intervalCells('first', r.firstInterval),
        ...rateCells('final', r.accuracy.final),
        ...intervalCells('final', r.finalInterval),
        repaired: r.accuracy.repaired,
        regressed: r.accuracy.regressed,
        verifiedWrong: r.repair.verifiedGivenFirstWrong.value,
        verifiedRight: r.repair.verifiedGivenFirstRight.value,
        repairedVerified: r.repair.repairedGivenVerified.value,
        repairedUnverified: r.repair.repairedGivenUnverified.value,
      })),
      ...withMinimum(
        `Folded exact match (lower case, runs of other than a–z 0–9 @ . become one space). ${ci}`,
        t.capture,
        t.minCellItems,
      ),
    });
    const v = t.verification;
    const groups = [
      ['entity type', v.byEntityType],
      ['difficulty', v.byDifficulty],
      ['environment', v.byEnvironment],
      ['caller voice', v.byVoice],
    ] as const;
    tables.push({
      id: `${section}-verification`,
      section,
      title: 'Verification effort (spelling requests + read-backs per call)',
      columns: [
        col('grouping', 'by'),
        col('group', 'group'),
        col('system', 'system'),
        col('condition', 'setting'),
        col('calls', 'calls', 'int'),
        col('spellRequests', 'spelling requests', 'int'),
        col('readBacks', 'read-backs', 'int'),
        col('corrected', 'corrected read-backs', 'int'),
        col('meanPerCall', 'per call', 'num'),
      ],
      rows: groups.flatMap(([grouping, rows]) =>
        rows.map((r) => ({
          grouping,
          group: r.group,
          system: systemLabel(r.system),
          condition: conditionLabel(r.condition),
          calls: r.calls,
          spellRequests: r.spellRequests,
          readBacks: r.readBacks,
          corrected: r.corrected,
          meanPerCall: r.meanPerCall,
        })),
      ),
    });
  }
  return [...tables, ...elicitationTables(t, confidence), ...difficultyTables(t, confidence)];
}
