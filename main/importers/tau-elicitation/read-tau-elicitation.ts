/**
 * Reads a τ-Elicitation reproduction archive (the folder holding results/, transcripts/, examples/, speech_judgments/,
 * judge_validation/) — or one transcript file of it — into one batch.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Taxonomy } from '../../../shared/types/annotation';
import { builtinTaxonomyFor, type TaxonomyFor } from '../target-taxonomy';
import { ArrivedLabels } from '../arrived-labels';
import { readImportWavHeader } from '../audio-limits';
import { ImportError, type BatchEpisode, type ImportBatch } from '../batch';
import { checkEpisodeLimits } from '../episode-limits';
import { checkFileSize } from '../file-size';
import { JSONL_FILE } from '../limits';
import { findInsideRoot, ImportRoot, resolveInsideRoot } from '../safe-path';
import { jsonFieldAt } from '../json-guard';
import { parseJsonText, readJsonFile, validate } from '../read-json';
import { readTextLines } from '../text-lines';
import { readManifest, type CellManifest } from './manifest';
import { elicitTranscript } from './schema';
import { attachSpeechJudgments, readSpeechJudgments } from './speech-judgments';
import { transcriptEpisode } from './transcript-episode';
import { FIDELITY_VALIDATION_FILE, readFidelityValidation } from './fidelity-validation';
import {
  readValidation,
  validationAnnotations,
  validationEpisode,
  validationInfo,
  validationJudgement,
  validationSite,
} from './validation';

const NO_CALLER_SPEECH =
  'The compact transcripts carry no caller speech: the caller appears only through its tool events (get_entity, note_readback, note_spell_request)';

/** What the read collects as it goes. */
class Collector {
  readonly episodes: BatchEpisode[] = [];
  readonly byId = new Map<string, BatchEpisode>();
  readonly warnings: string[] = [];

  constructor(
    readonly root: string,
    readonly manifest: CellManifest,
  ) {}

  warn(message: string): void {
    if (!this.warnings.includes(message)) this.warnings.push(message);
  }

  /**
   * Adds the transcript `raw` (record `record` of `file`); an example repeating a transcript returns the episode already
   * read. An example call read on its own is marked `info.subset = 'example'`: it is no part of a results cell.
   */
  addTranscript(raw: unknown, file: string, record: string, isExample: boolean): BatchEpisode {
    const t = validate(elicitTranscript, raw, file, record);
    const prior = this.byId.get(t.simulation_id);
    if (prior && isExample) return prior;
    if (prior) throw new ImportError(file, record, 'simulation_id', `simulation ${JSON.stringify(t.simulation_id)} was already read from ${prior.info.source}`);
    if (!this.manifest.has(t.cell)) this.warn(`cells not listed in results/manifest.csv take their system from the cell folder name (e.g. ${JSON.stringify(t.cell)})`);
    const episode = transcriptEpisode(t, this.manifest.get(t.cell), file);
    if (isExample) episode.info.subset = 'example';
    checkEpisodeLimits(episode, file, record);
    if (!episode.turns.some((turn) => turn.speaker === 'user' && !turn.tool)) this.warn(NO_CALLER_SPEECH);
    this.episodes.push(episode);
    this.byId.set(t.simulation_id, episode);
    return episode;
  }

  /** Reads a JSONL transcripts file (one call per line), line by line. */
  readTranscripts(path: string, file: string): void {
    for (const { text, line } of readTextLines(path, file, JSONL_FILE, jsonFieldAt)) {
      if (text.trim() === '') continue;
      this.addTranscript(parseJsonText(text, file, `line ${line}`), file, `line ${line}`, false);
    }
  }

  /** Reads one example call (a single transcript object) and the .wav beside it, if any. */
  readExample(path: string, file: string): void {
    const episode = this.addTranscript(readJsonFile(path, file), file, 'file', true);
    const wavRef = file.replace(/\.json$/, '.wav');
    const wav = findInsideRoot(this.root, wavRef, { file, record: 'file', field: '(audio beside)' });
    if (!wav) return;
    try {
      const channels = readImportWavHeader(wav).channels;
      if (channels !== 2) this.warn(`${wavRef}: ${channels} channel(s), not the stereo user/agent layout; lanes left unassigned`);
      episode.audio.push({ path: wav, role: 'call', lanes: channels === 2 ? ['user', 'agent'] : [] });
    } catch (err) {
      this.warn(`${wavRef}: audio skipped: ${(err as Error).message}`);
    }
  }
}

/** The names in the archive's folder `ref` ending with `suffix`; a link there that loops or leads out is refused. */
function listDir(root: string, ref: string, suffix: string): string[] {
  const dir = new ImportRoot(root).folder(ref, { file: ref, record: 'folder', field: '(folder)' });
  return dir ? readdirSync(dir).filter((n) => n.endsWith(suffix)).sort() : [];
}

/** The archive root for `abs`: the folder itself, or for a file inside transcripts/ or examples/ the archive above it. */
function rootOf(abs: string, isDir: boolean): string {
  if (isDir) return abs;
  const parent = dirname(abs);
  const above = dirname(parent);
  return ['transcripts', 'examples'].includes(basename(parent)) && existsSync(join(above, 'results/manifest.csv')) ? above : parent;
}

function checkSha256(c: Collector, path: string, file: string): void {
  const row = [...c.manifest.values()].find((r) => r.transcript_file === file);
  if (!row?.transcript_sha256) return;
  checkFileSize(path, file, JSONL_FILE);
  const digest = createHash('sha256').update(readFileSync(path)).digest('hex');
  if (digest !== row.transcript_sha256) c.warn(`${file}: sha256 differs from results/manifest.csv (the file changed since the release)`);
}

/** Joins the speech judgments and the two-rater validation to the episodes; validated calls without a transcript become episodes. */
function joinArchiveLabels(c: Collector, taxonomy: Taxonomy): Record<string, unknown> {
  const site = (file: string) => ({ file, record: 'file', field: '(file)' });
  const utterancesFile = 'speech_judgments/utterances.jsonl';
  const utterances = findInsideRoot(c.root, utterancesFile, site(utterancesFile));
  let unmatched = 0;
  for (const [sim, judgments] of utterances ? readSpeechJudgments(utterances, utterancesFile) : []) {
    const episode = c.byId.get(sim);
    if (episode) episode.judgements.push(attachSpeechJudgments(episode, judgments));
    else unmatched += judgments.length;
  }
  if (unmatched) c.warn(`${utterancesFile}: ${unmatched} utterance judgment(s) belong to calls not in this import and were ignored`);
  const validationFile = 'judge_validation/validation.csv';
  const validation = findInsideRoot(c.root, validationFile, site(validationFile));
  const labels = new ArrivedLabels(taxonomy);
  let stubs = 0;
  for (const v of validation ? readValidation(validation, validationFile, (m) => c.warn(m)).values() : []) {
    const annotations = validationAnnotations(v);
    for (const label of annotations) labels.check(label, validationSite(v, label, validationFile));
    let episode = c.byId.get(v.call.simulation_id);
    if (!episode) {
      episode = validationEpisode(v, validationFile);
      c.episodes.push(episode);
      c.byId.set(episode.externalId, episode);
      stubs++;
    }
    episode.judgements.push(validationJudgement(v));
    episode.annotations.push(...annotations);
    episode.info.validation = validationInfo(v);
  }
  labels.warnings().forEach((w) => c.warn(w));
  if (stubs) c.warn(`${validationFile}: ${stubs} validated call(s) have no transcript here; imported as episodes without turns`);
  const metrics: Record<string, unknown> = {};
  const fidelity = findInsideRoot(c.root, FIDELITY_VALIDATION_FILE, site(FIDELITY_VALIDATION_FILE));
  if (fidelity) metrics[FIDELITY_VALIDATION_FILE] = { rows: readFidelityValidation(fidelity) };
  for (const file of ['judge_validation/metrics.json', 'judge_validation/human_failure_validation_90/metrics.json', 'speech_judgments/manifest.json']) {
    const path = findInsideRoot(c.root, file, site(file));
    if (path) metrics[file] = readJsonFile(path, file);
  }
  return metrics;
}

/** Reads the archive folder, or a single transcripts .jsonl / example .json file, at `path`. */
export async function readTauElicitation(
  path: string,
  taxonomyFor: TaxonomyFor = builtinTaxonomyFor,
): Promise<ImportBatch> {
  const abs = resolve(path);
  if (!existsSync(abs)) throw new ImportError(basename(abs), 'file', '(file)', 'does not exist');
  const isDir = statSync(abs).isDirectory();
  const root = rootOf(abs, isDir);
  const studyName = `τ-Elicitation ${basename(isDir ? abs : abs.replace(/\.jsonl?$/, ''))}`;
  const manifestFile = 'results/manifest.csv';
  const manifestPath = findInsideRoot(root, manifestFile, { file: manifestFile, record: 'file', field: '(file)' });
  const c = new Collector(root, manifestPath ? readManifest(manifestPath, manifestFile) : new Map());
  const ref = (file: string) => resolveInsideRoot(root, file, { file, record: 'file', field: '(file)' });
  let archiveInfo: Record<string, unknown> = {};
  if (!isDir) {
    const file = abs.slice(root.length + 1).split(/[\\/]/).join('/');
    if (file.endsWith('.jsonl')) c.readTranscripts(abs, file);
    else c.readExample(abs, file);
  } else {
    const transcripts = listDir(root, 'transcripts', '.jsonl').map((n) => `transcripts/${n}`);
    const examples = listDir(root, 'examples', '.json')
      .filter((n) => n !== 'manifest.json')
      .map((n) => `examples/${n}`);
    if (transcripts.length + examples.length === 0) throw new ImportError(basename(abs), 'folder', 'transcripts/', 'no transcripts/*.jsonl or examples/*.json in the archive');
    for (const file of transcripts) {
      checkSha256(c, ref(file), file);
      c.readTranscripts(ref(file), file);
    }
    for (const file of examples) c.readExample(ref(file), file);
    const absent = [...c.manifest.values()].filter((r) => r.transcript_file && !transcripts.includes(r.transcript_file)).length;
    if (absent) c.warn(`${manifestFile}: ${absent} of ${c.manifest.size} cells have no transcript file in this archive`);
    archiveInfo = joinArchiveLabels(c, taxonomyFor(studyName, 'tau-elicitation'));
  }
  return {
    format: 'tau-elicitation',
    benchmark: 'tau-elicitation',
    studyName,
    studyInfo: { cells: [...c.manifest.values()], ...archiveInfo },
    source: abs,
    episodes: c.episodes,
    skipped: 0,
    warnings: c.warnings,
  };
}
