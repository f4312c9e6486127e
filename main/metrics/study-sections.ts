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
import {
  loadEpisodes,
  loadSpeechTurns,
  loadToolTurns,
  studyFamilies,
  type MetricsEpisode,
  type ToolTurn,
} from './load';
import { tauSection } from './tau-section';
import { goldFields } from './elicitation';
import { veraSection } from './vera-section';
import { veraWerSection } from './vera-wer-section';
import { dsbDgSection } from './dsb-dg-section';
import { labelSection } from './labels-section';
import { metricsTables } from './tables';
import { judgeCorrectedSection } from './judge-corrected';
import { transcriptionRows } from '../stats/text/transcription-rows';
import { resolveOptions } from './metrics-options';
import { resultsCellEpisodes } from './results-cells';
import { realismHere, type RealismRunner } from './realism-runner';
import { startRealism } from './elicitation-analyses';
import type { RealismArm } from '../../shared/types/elicitation-rows';

/**
 * A section to compute; `cost` orders the worker's computation (cheapest first: interaction reads the database alone
 * and does not wait for the episodes to load; judge-corrected, also the database alone, can take seconds on a large
 * study, so it comes after the quick sections over the episodes), `index` the document's.
 */
export interface SectionTask extends SectionPlan {
  cost: number;
  /** Starts what another thread can compute while the sections before this one are computed (at most once, early). */
  start?(): void;
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

/**
 * The head and section tasks of study `study` (an id or exact name); throws not_found for an unknown study. `realism`
 * computes τ-Elicitation's realism effects (default: on this thread, as they are needed).
 */
export function studySections(
  db: Db,
  study: number | string,
  options: MetricsOptions = {},
  realism: RealismRunner = realismHere,
): StudySections {
  const summary = findStudy(db, study);
  if (!summary) throw notFound(`study ${JSON.stringify(String(study))}`);
  const studyId = summary.id;
  const o = resolveOptions(options);
  const boot = { resamples: o.resamples, seed: o.seed, confidence: o.confidence };
  const families = studyFamilies(db, studyId);
  // Every episode is loaded (with its info and latest judgement) only when the first section that reads them starts:
  // the head and the interaction section need not wait for it.
  let loaded: { episodes: MetricsEpisode[]; byFamily: Map<MetricsFamily, MetricsEpisode[]> } | null = null;
  const all = () => {
    if (!loaded) {
      const episodes = loadEpisodes(db, studyId);
      loaded = { episodes, byFamily: groupBy(episodes, (e) => e.family) as Map<MetricsFamily, MetricsEpisode[]> };
    }
    return loaded;
  };
  const of = (family: MetricsFamily) => all().byFamily.get(family);
  let tools: Map<number, ToolTurn[]> | null = null;
  const toolsOf = (id: number) => {
    if (!tools) {
      const episodes = [...all().byFamily.values()].flat();
      tools = loadToolTurns(db, studyId, new Set(episodes.filter((e) => goldFields(e) !== null).map((e) => e.id)));
    }
    return tools.get(id) ?? [];
  };
  const tasks: SectionTask[] = [];
  const add = (id: string, cost: number, part: (notes: string[]) => MetricsPart, start?: () => void) => {
    const index = tasks.length;
    tasks.push({
      id,
      index,
      title: TITLES[id] ?? id,
      cost,
      start,
      compute: () => {
        const notes: string[] = [];
        return finish(id, index, part(notes), o, notes);
      },
    });
  };
  const count = new Map(families.map((f) => [f.family, f]));
  if (count.has('tau-elicitation')) realism.warm();
  // τ-Elicitation's realism effects, started by the task's start (on the runner's thread) or when the section needs them.
  let realismArms: (() => RealismArm[]) | null = null;
  const startRealismArms = () => {
    if (realismArms) return realismArms;
    const episodes = resultsCellEpisodes('tau-elicitation', of('tau-elicitation') ?? [], []);
    return (realismArms = startRealism(episodes, toolsOf, boot, realism));
  };
  for (const family of TAU_FAMILIES) {
    const found = count.get(family);
    if (!found || (family === 'generic' && found.rewarded === 0)) continue;
    const elicitation = family === 'tau-elicitation';
    add(
      family,
      elicitation ? 6 : 5,
      (notes) => ({
        key: 'tau',
        value: tauSection(family, of(family) ?? [], toolsOf, boot, notes, elicitation ? startRealismArms() : undefined),
      }),
      elicitation ? () => void startRealismArms() : undefined,
    );
  }
  add('vera', 4, (notes) => {
    const vera = count.has('vera') ? resultsCellEpisodes('vera', of('vera') ?? [], notes) : undefined;
    return {
      key: 'vera',
      value: vera
        ? {
            ...veraSection(vera, { policy: o.notAttempted, textSystems: o.textSystems, bootstrap: boot }, notes),
            wer: veraWerSection(db, studyId, vera, o.textSystems, boot),
          }
        : null,
    };
  });
  add('dsb-dg', 4, (notes) => {
    const dsb = count.has('dsb-dg') ? resultsCellEpisodes('dsb-dg', of('dsb-dg') ?? [], notes) : undefined;
    if (!dsb) return { key: 'dsbDg', value: null };
    const speech = loadSpeechTurns(db, studyId, new Set(dsb.map((e) => e.id)));
    return { key: 'dsbDg', value: dsbDgSection(dsb, (id) => speech.get(id) ?? [], boot, notes) };
  });
  add('labels', 2, () => ({ key: 'labels', value: labelSection(db, studyId, all().episodes) }));
  add('interaction', 0, () => ({ key: 'interaction', value: studyInteractionMetrics(db, studyId) }));
  add('judge-corrected', 3, () => ({
    key: 'judgeCorrected',
    value: judgeCorrectedSection(db, studyId, o.confidence),
  }));
  add('transcription', 1, () => ({ key: 'transcription', value: transcriptionRows(all().episodes) }));
  const head: MetricsHead = {
    study: { id: studyId, name: summary.name, benchmark: summary.benchmark },
    options: o,
    episodes: families.reduce((n, f) => n + f.episodes, 0),
    families: families.map(({ family, episodes }) => ({ family, episodes })),
    sections: tasks.map(({ id, index, title }) => ({ id, index, title })),
  };
  return { head, tasks };
}
