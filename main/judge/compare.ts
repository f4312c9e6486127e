/**
 * Judges compared by their agreement with the humans of a study: for each judge (id + version) and each annotator,
 * percent agreement and Cohen's κ over the episodes both labelled, and the same against the humans' majority label.
 * Statistics come from main/stats/agreement; conventions are in docs/runner.md.
 */
import type { Db } from '../db/open';
import { codeRatings, cohenKappa, percentAgreement } from '../stats/agreement/index';
import type { JudgeComparison, JudgeComparisonRow } from '../../shared/types/runs';
import { mappedValues } from '../../shared/taxonomies/judge-mappings';
import { finalAnnotationsByName } from '../db/final-annotations';
import { studyJudgementLabels } from '../db/judge-outputs';
import { fieldJudgeMappings } from '../annotation/judge-mappings';

/** A stored label value as text: strings as they are, booleans and numbers printed, `{label|value}` objects unwrapped. */
export function labelText(raw: string | null): string | null {
  if (raw === null) return null;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    v = raw;
  }
  if (v && typeof v === 'object' && !Array.isArray(v)) v = (v as { label?: unknown; value?: unknown }).label ?? (v as { value?: unknown }).value;
  if (typeof v === 'string') return v.trim() || null;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return null;
}

const finite = (x: number) => (Number.isFinite(x) ? x : null);

/** Agreement and κ of two label lists over the positions both have. */
export function pairStats(a: readonly (string | null)[], b: readonly (string | null)[]): { n: number; agreement: number | null; kappa: number | null } {
  const both = a.map((x, i) => [x, b[i]] as const).filter(([x, y]) => x !== null && y !== null) as [string, string][];
  if (!both.length) return { n: 0, agreement: null, kappa: null };
  const coded = codeRatings({ items: both.map((_, i) => String(i)), raters: ['judge', 'human'], labels: both.map(([x, y]) => [x, y]) });
  return { n: both.length, agreement: finite(percentAgreement(coded)), kappa: finite(cohenKappa(coded)) };
}

/** The human label per episode and annotator for `field`; for `verdict`, falls back to judge_label, then judge_agree = true → the first judge's label. */
function humanLabels(db: Db, studyId: number, field: string): Map<number, Map<string, string>> {
  const rows = finalAnnotationsByName(db, studyId, [field, 'judge_label', 'judge_agree']);
  const judgements = studyJudgementLabels(db, studyId);
  const firstJudge = new Map<number, string>();
  for (const j of judgements) if (!firstJudge.has(j.episodeId)) firstJudge.set(j.episodeId, j.label);
  const byEpisode = new Map<number, Map<string, Record<string, string | null>>>();
  for (const r of rows) {
    const m = byEpisode.get(r.episodeId) ?? new Map<string, Record<string, string | null>>();
    const fields = m.get(r.annotator) ?? {};
    fields[r.field] = labelText(r.value);
    m.set(r.annotator, fields);
    byEpisode.set(r.episodeId, m);
  }
  const out = new Map<number, Map<string, string>>();
  for (const [episodeId, people] of byEpisode) {
    const labels = new Map<string, string>();
    for (const [name, f] of people) {
      let label = f[field] ?? null;
      if (label === null && field === 'verdict') {
        label = f.judge_label ?? null;
        if (label === null && f.judge_agree === 'true') label = firstJudge.get(episodeId) ?? null;
      }
      if (label !== null) labels.set(name, label);
    }
    if (labels.size) out.set(episodeId, labels);
  }
  return out;
}

/** The humans' most frequent label of an episode; null on a tie. */
function majorityHuman(labels: Map<string, string>): string | null {
  const counts = new Map<string, number>();
  for (const l of labels.values()) counts.set(l, (counts.get(l) ?? 0) + 1);
  const top = Math.max(...counts.values());
  const winners = [...counts].filter(([, n]) => n === top);
  return winners.length === 1 ? winners[0][0] : null;
}

/** Every judge of the study against its human annotators, best mean κ first. */
export function compareJudges(db: Db, studyId: number, field = 'verdict'): JudgeComparison {
  const humans = humanLabels(db, studyId, field);
  const annotators = [...new Set([...humans.values()].flatMap((m) => [...m.keys()]))].sort();
  const judgements = studyJudgementLabels(db, studyId);
  const judges = new Map<string, { judgeId: string; judgeVersion: string; labels: Map<number, string> }>();
  for (const j of judgements) {
    const key = JSON.stringify([j.judgeId, j.judgeVersion]);
    const entry = judges.get(key) ?? { judgeId: j.judgeId, judgeVersion: j.judgeVersion, labels: new Map<number, string>() };
    entry.labels.set(j.episodeId, j.label);
    judges.set(key, entry);
  }
  const mappings = fieldJudgeMappings(db, studyId, field);
  const rows: JudgeComparisonRow[] = [...judges.values()].map((j) => {
    const episodes = [...j.labels.keys()];
    const mapping = mappings.find((m) => m.output === 'label' && (m.judgeId === null || m.judgeId === j.judgeId));
    if (!mapping) {
      const none = { n: 0, agreement: null, kappa: null };
      const unmapped = `no mapping relates ${j.judgeId}'s labels to "${field}": different value spaces, no figure`;
      return { judgeId: j.judgeId, judgeVersion: j.judgeVersion, episodes: episodes.length, mapping: null, unmapped, perAnnotator: annotators.map((annotator) => ({ annotator, ...none })), majority: none, meanKappa: null };
    }
    const side = mappedValues(mapping);
    const judgeLabels = episodes.map((e) => side.judge(j.labels.get(e) ?? null));
    const human = (label: string | null | undefined) => side.human(label ?? null);
    const perAnnotator = annotators.map((name) => ({ annotator: name, ...pairStats(judgeLabels, episodes.map((e) => human(humans.get(e)?.get(name)))) }));
    const majority = pairStats(judgeLabels, episodes.map((e) => (humans.get(e) ? human(majorityHuman(humans.get(e)!)) : null)));
    const kappas = perAnnotator.map((p) => p.kappa).filter((k): k is number => k !== null);
    return { judgeId: j.judgeId, judgeVersion: j.judgeVersion, episodes: episodes.length, mapping: mapping.label, unmapped: null, perAnnotator, majority, meanKappa: kappas.length ? kappas.reduce((a, b) => a + b, 0) / kappas.length : null };
  });
  rows.sort((a, b) => (b.meanKappa ?? -Infinity) - (a.meanKappa ?? -Infinity));
  return { studyId, field, annotators, judges: rows };
}
