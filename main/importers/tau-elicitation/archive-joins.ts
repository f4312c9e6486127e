/**
 * What an archive joins to its calls, read before the first transcript so that each call can be completed as it is
 * read and go to the writer at once: the speech judge's utterance verdicts and the two-rater validation, keyed by
 * simulation id, and the archive's metrics files. These files are a small part of an archive; the transcripts, which
 * are the bulk, are never held.
 */
import type { Taxonomy } from '../../../shared/types/annotation';
import { ArrivedLabels } from '../arrived-labels';
import type { BatchAnnotation, BatchEpisode } from '../batch';
import { findInsideRoot, type RefSite } from '../safe-path';
import { readJsonFile } from '../read-json';
import type { UtteranceJudgment } from './schema';
import { attachSpeechJudgments, readSpeechJudgments } from './speech-judgments';
import { FIDELITY_VALIDATION_FILE, readFidelityValidation } from './fidelity-validation';
import {
  readValidation,
  validationAnnotations,
  validationEpisode,
  validationInfo,
  validationJudgement,
  validationSite,
  type ValidationCall,
} from './validation';

const UTTERANCES_FILE = 'speech_judgments/utterances.jsonl';
const VALIDATION_FILE = 'judge_validation/validation.csv';
const METRICS_FILES = [
  'judge_validation/metrics.json',
  'judge_validation/human_failure_validation_90/metrics.json',
  'speech_judgments/manifest.json',
];

const fileSite = (file: string): RefSite => ({ file, record: 'file', field: '(file)' });

/** The joins of the archive at `root`, checked (labels against `taxonomy`) before any call is read. */
export class ArchiveJoins {
  /** The archive's metrics files by name, for the study's info. */
  readonly metrics: Record<string, unknown> = {};
  private readonly judgments: Map<string, UtteranceJudgment[]>;
  private readonly validation: Map<string, { call: ValidationCall; annotations: BatchAnnotation[] }> = new Map();
  private readonly labels: ArrivedLabels;
  private readonly joined = new Set<string>();

  constructor(
    root: string,
    taxonomy: Taxonomy,
    private readonly warn: (message: string) => void,
  ) {
    const utterances = findInsideRoot(root, UTTERANCES_FILE, fileSite(UTTERANCES_FILE));
    this.judgments = utterances ? readSpeechJudgments(utterances, UTTERANCES_FILE) : new Map();
    const validation = findInsideRoot(root, VALIDATION_FILE, fileSite(VALIDATION_FILE));
    this.labels = new ArrivedLabels(taxonomy);
    for (const v of validation ? readValidation(validation, VALIDATION_FILE, warn).values() : []) {
      const annotations = validationAnnotations(v);
      for (const label of annotations) this.labels.check(label, validationSite(v, label, VALIDATION_FILE));
      this.validation.set(v.call.simulation_id, { call: v, annotations });
    }
    const fidelity = findInsideRoot(root, FIDELITY_VALIDATION_FILE, fileSite(FIDELITY_VALIDATION_FILE));
    if (fidelity) this.metrics[FIDELITY_VALIDATION_FILE] = { rows: readFidelityValidation(fidelity) };
    for (const file of METRICS_FILES) {
      const path = findInsideRoot(root, file, fileSite(file));
      if (path) this.metrics[file] = readJsonFile(path, file);
    }
  }

  /** Adds to the call `episode` its speech judgments and its validation, if any. */
  complete(episode: BatchEpisode): void {
    const id = episode.externalId;
    this.joined.add(id);
    const judgments = this.judgments.get(id);
    if (judgments) episode.judgements.push(attachSpeechJudgments(episode, judgments));
    const v = this.validation.get(id);
    if (v) this.addValidation(episode, v.call, v.annotations);
  }

  /** The validated calls that had no transcript, as episodes without turns; then the warnings about what was left. */
  *leftovers(): Generator<BatchEpisode> {
    let stubs = 0;
    for (const [id, v] of this.validation) {
      if (this.joined.has(id)) continue;
      const episode = validationEpisode(v.call, VALIDATION_FILE);
      this.addValidation(episode, v.call, v.annotations);
      stubs++;
      yield episode;
    }
    let unmatched = 0;
    for (const [id, judgments] of this.judgments) if (!this.joined.has(id)) unmatched += judgments.length;
    if (unmatched) {
      const what = `${unmatched} utterance judgment(s) belong to calls not in this import and were ignored`;
      this.warn(`${UTTERANCES_FILE}: ${what}`);
    }
    this.labels.warnings().forEach((w) => this.warn(w));
    if (stubs) {
      const what = `${stubs} validated call(s) have no transcript here; imported as episodes without turns`;
      this.warn(`${VALIDATION_FILE}: ${what}`);
    }
  }

  private addValidation(episode: BatchEpisode, v: ValidationCall, annotations: readonly BatchAnnotation[]): void {
    episode.judgements.push(validationJudgement(v));
    episode.annotations.push(...annotations);
    episode.info.validation = validationInfo(v);
  }
}
