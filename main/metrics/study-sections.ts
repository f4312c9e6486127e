/**
 * A study's figures as sections computed one by one (τ families, VERA, DSB-DG, human labels, interaction, judge-corrected,
 * transcription): the head says what is to come, each task computes its part with its tables and notes. studyMetrics
 * runs them all at once; the metrics worker runs them in order of cost and posts each as it finishes.
 */
import type { Db } from '../db/open';
import { findStudy } from '../db/studies';
import { notFound } from '../domain/errors';
import { groupBy } from '../stats/benchmarks/index';
import type { MetricsFamily, MetricsOptions, ResolvedMetricsOptions, StudyMetrics } from '../../shared/types/metrics';
import type { MetricsHead, MetricsPart, MetricsSection, SectionPlan } from '../../shared/types/metrics-sections';
import { emptyMetrics } from '../../shared/types/metrics-sections';
import { studyInteractionMetrics } from './interaction-metrics';
import { loadEpisodes, loadSpeechTurns, loadToolTurns, type MetricsEpisode, type ToolTurn } from './load';
import { tauSection } from './tau-section';
import { goldFields } from './elicitation';
import { veraSection } from './vera-section';
import { dsbDgSection } from './dsb-dg-section';
import { labelSection } from './labels-section';
import { metricsTables } from './tables';
import { judgeCorrectedSection } from './judge-corrected';
import { transcriptionRows } from '../stats/text/transcription-rows';
import { resolveOptions } from './metrics-options';

/** A section to compute; `cost` orders the worker's computation (cheapest first), `index` the document's. */
export interface SectionTask extends SectionPlan {
  cost: number;
  compute(): MetricsSection;
}

/** The head of a study's figures and the tasks that compute its sections. */
export interface StudySections {
  head: MetricsHead;
  tasks: SectionTask[];
}

const TAU_FAMILIES: readonly MetricsFamily[] = ['tau-voice', 'tau-elicitation', 'generic'];

const TITLES: Record<string, string> = {
  'tau-voice': 'τ-Voice',
  'tau-elicitation': 'τ-Elicitation',
  generic: 'Rewards',
  vera: 'VERA',
  'dsb-dg': 'DSB-DG',
  labels: 'Human labels',
  interaction: 'Interaction',
  'judge-corrected': 'Judge-corrected figures',
  transcription: 'Transcription',
};

/** A finished section: its part with the tables the document would list for it. */
function finish(id: string, index: number, part: MetricsPart, options: ResolvedMetricsOptions, notes: string[]) {
  const alone = emptyMetrics({
    study: { id: 0, name: '', benchmark: '' },
    options,
    episodes: 0,
    families: [],
    sections: [],
  });
  const doc: Omit<StudyMetrics, 'tables'> = { ...alone, [part.key]: part.key === 'tau' ? [part.value] : part.value };
  return { id, index, part, tables: metricsTables(doc), notes };
}

/** The tasks in the order the worker computes them: cheapest first, then in the document's order. */
export function inCostOrder(tasks: readonly SectionTask[]): SectionTask[] {
  return [...tasks].sort((a, b) => a.cost - b.cost || a.index - b.index);
}

/** The head and section tasks of study `study` (an id or exact name); throws not_found for an unknown study. */
export function studySections(db: Db, study: number | string, options: MetricsOptions = {}): StudySections {
  const summary = findStudy(db, study);
  if (!summary) throw notFound(`study ${JSON.stringify(String(study))}`);
  const studyId = summary.id;
  const o = resolveOptions(options);
  const boot = { resamples: o.resamples, seed: o.seed, confidence: o.confidence };
  const episodes = loadEpisodes(db, studyId);
  const byFamily = groupBy(episodes, (e) => e.family) as Map<MetricsFamily, MetricsEpisode[]>;
  let tools: Map<number, ToolTurn[]> | null = null;
  const toolsOf = (id: number) => {
    if (!tools) {
      const all = [...byFamily.values()].flat();
      tools = loadToolTurns(db, studyId, new Set(all.filter((e) => goldFields(e) !== null).map((e) => e.id)));
    }
    return tools.get(id) ?? [];
  };
  const tasks: SectionTask[] = [];
  const add = (id: string, cost: number, part: (notes: string[]) => MetricsPart) => {
    const index = tasks.length;
    tasks.push({
      id,
      index,
      title: TITLES[id] ?? id,
      cost,
      compute: () => {
        const notes: string[] = [];
        return finish(id, index, part(notes), o, notes);
      },
    });
  };
  for (const family of TAU_FAMILIES) {
    const rows = byFamily.get(family) ?? [];
    if (rows.length === 0 || (family === 'generic' && !rows.some((e) => e.reward !== null))) continue;
    add(family, family === 'tau-elicitation' ? 4 : 3, (notes) => ({
      key: 'tau',
      value: tauSection(family, rows, toolsOf, boot, notes),
    }));
  }
  const vera = byFamily.get('vera');
  add('vera', 2, (notes) => ({
    key: 'vera',
    value: vera
      ? veraSection(vera, { policy: o.notAttempted, textSystems: o.textSystems, bootstrap: boot }, notes)
      : null,
  }));
  const dsb = byFamily.get('dsb-dg');
  add('dsb-dg', 2, (notes) => {
    if (!dsb) return { key: 'dsbDg', value: null };
    const speech = loadSpeechTurns(db, studyId, new Set(dsb.map((e) => e.id)));
    return { key: 'dsbDg', value: dsbDgSection(dsb, (id) => speech.get(id) ?? [], boot, notes) };
  });
  add('labels', 1, () => ({ key: 'labels', value: labelSection(db, studyId, episodes) }));
  add('interaction', 1, () => ({ key: 'interaction', value: studyInteractionMetrics(db, studyId) }));
  add('judge-corrected', 1, () => ({
    key: 'judgeCorrected',
    value: judgeCorrectedSection(db, studyId, o.confidence),
  }));
  add('transcription', 0, () => ({ key: 'transcription', value: transcriptionRows(episodes) }));
  const head: MetricsHead = {
    study: { id: studyId, name: summary.name, benchmark: summary.benchmark },
    options: o,
    episodes: episodes.length,
    families: [...byFamily].map(([family, list]) => ({ family, episodes: list.length })),
    sections: tasks.map(({ id, index, title }) => ({ id, index, title })),
  };
  return { head, tasks };
}
