/** Every figure of a study, recomputed from the database on each call: τ family, VERA, DSB-DG, human labels, interaction. */
import type { Db } from '../db/open';
import { findStudy } from '../db/studies';
import { notFound } from '../domain/errors';
import { groupBy } from '../stats/benchmarks/index';
import type { MetricsFamily, MetricsOptions, ResolvedMetricsOptions, StudyMetrics, TauSection } from '../../shared/types/metrics';
import { studyInteractionMetrics } from './interaction-metrics';
import { loadEpisodes, loadSpeechTurns, loadToolTurns, type MetricsEpisode } from './load';
import { tauSection } from './tau-section';
import { goldFields } from './elicitation';
import { veraSection } from './vera-section';
import { dsbDgSection } from './dsb-dg-section';
import { labelSection } from './labels-section';
import { metricsTables } from './tables';
import { judgeCorrectedSection } from './judge-corrected';
import { transcriptionRows } from '../stats/text/transcription-rows';

/** The defaults of every option (docs/metrics.md). */
export const DEFAULT_METRICS_OPTIONS: ResolvedMetricsOptions = {
  resamples: 10_000,
  seed: 1,
  confidence: 0.95,
  textSystems: [],
  notAttempted: 'incorrect',
};

/** The options with defaults filled in. */
export function resolveOptions(options: MetricsOptions = {}): ResolvedMetricsOptions {
  const defined = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
  return { ...DEFAULT_METRICS_OPTIONS, ...defined };
}

const TAU_FAMILIES: readonly MetricsFamily[] = ['tau-voice', 'tau-elicitation', 'generic'];

/** τ sections: τ-Voice and τ-Elicitation always; generic episodes only when some carry a reward. */
function tauSections(db: Db, studyId: number, byFamily: Map<MetricsFamily, MetricsEpisode[]>, o: ResolvedMetricsOptions, notes: string[]): TauSection[] {
  const withGold = new Set([...byFamily.values()].flat().filter((e) => goldFields(e) !== null).map((e) => e.id));
  const tools = loadToolTurns(db, studyId, withGold);
  const boot = { resamples: o.resamples, seed: o.seed, confidence: o.confidence };
  return TAU_FAMILIES.flatMap((family) => {
    const episodes = byFamily.get(family) ?? [];
    if (episodes.length === 0 || (family === 'generic' && !episodes.some((e) => e.reward !== null))) return [];
    return [tauSection(family, episodes, (id) => tools.get(id) ?? [], boot, notes)];
  });
}

/** Computes every figure of the study `studyId` (an id or exact name); throws not_found for an unknown study. */
export function studyMetrics(db: Db, study: number | string, options: MetricsOptions = {}): StudyMetrics {
  const summary = findStudy(db, study);
  if (!summary) throw notFound(`study ${JSON.stringify(String(study))}`);
  const o = resolveOptions(options);
  const boot = { resamples: o.resamples, seed: o.seed, confidence: o.confidence };
  const notes: string[] = [];
  const episodes = loadEpisodes(db, summary.id);
  const byFamily = groupBy(episodes, (e) => e.family) as Map<MetricsFamily, MetricsEpisode[]>;
  const vera = byFamily.get('vera');
  const dsb = byFamily.get('dsb-dg');
  const speech = dsb ? loadSpeechTurns(db, summary.id, new Set(dsb.map((e) => e.id))) : new Map();
  const doc: Omit<StudyMetrics, 'tables'> = {
    study: { id: summary.id, name: summary.name, benchmark: summary.benchmark },
    options: o,
    episodes: episodes.length,
    families: [...byFamily].map(([family, rows]) => ({ family, episodes: rows.length })),
    tau: tauSections(db, summary.id, byFamily, o, notes),
    vera: vera ? veraSection(vera, { policy: o.notAttempted, textSystems: o.textSystems, bootstrap: boot }, notes) : null,
    dsbDg: dsb ? dsbDgSection(dsb, (id) => speech.get(id) ?? [], boot, notes) : null,
    labels: labelSection(db, summary.id, episodes),
    interaction: studyInteractionMetrics(db, summary.id),
    judgeCorrected: judgeCorrectedSection(db, summary.id, o.confidence),
    transcription: transcriptionRows(episodes),
    notes,
  };
  return { ...doc, tables: metricsTables(doc) };
}
