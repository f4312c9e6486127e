/**
 * Reads a τ-Elicitation reproduction archive (the folder holding results/, transcripts/, examples/, speech_judgments/,
 * judge_validation/) — or one transcript file of it — call by call as it is imported, or whole into one batch.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { builtinTaxonomyFor, type TaxonomyFor } from '../target-taxonomy';
import { readImportWavHeader } from '../audio-limits';
import {
  collectBatch,
  ImportError,
  type BatchEpisode,
  type ImportBatch,
  type ImportHeader,
  type ImportItem,
} from '../batch';
import { checkEpisodeLimits } from '../episode-limits';
import { checkFileSize } from '../file-size';
import { sha256OfFile } from '../file-digest';
import { JSONL_FILE } from '../limits';
import { findInsideRoot, ImportRoot, resolveInsideRoot } from '../safe-path';
import { jsonFieldAt } from '../json-guard';
import { parseJsonText, readJsonFile, validate } from '../read-json';
import { readTextLines } from '../text-lines';
import { ArchiveJoins } from './archive-joins';
import { readManifest, type CellManifest } from './manifest';
import { elicitTranscript } from './schema';
import { transcriptEpisode } from './transcript-episode';

const NO_CALLER_SPEECH =
  'The compact transcripts carry no caller speech: the caller appears only through its tool events (get_entity, note_readback, note_spell_request)';

/** What the read keeps as it goes: the ids read so far (for duplicates), the example calls held, the warnings. */
class Collector {
  /** Where each call read so far came from, by simulation id. */
  readonly sources = new Map<string, string>();
  /** Example calls read, by simulation id: each goes out with the transcript that repeats it, or after all of them. */
  readonly examples = new Map<string, BatchEpisode>();
  readonly warnings: string[] = [];

  constructor(
    readonly root: string,
    readonly manifest: CellManifest,
  ) {}

  warn(message: string): void {
    if (!this.warnings.includes(message)) this.warnings.push(message);
  }

  /** The episode of the transcript `raw` (record `record` of `file`); `isExample` marks one read on its own. */
  episodeOf(raw: unknown, file: string, record: string, isExample: boolean): BatchEpisode {
    const t = validate(elicitTranscript, raw, file, record);
    if (!this.manifest.has(t.cell)) this.warn(`cells not listed in results/manifest.csv take their system from the cell folder name (e.g. ${JSON.stringify(t.cell)})`);
    const episode = transcriptEpisode(t, this.manifest.get(t.cell), file);
    if (isExample) episode.info.subset = 'example';
    checkEpisodeLimits(episode, file, record);
    if (!episode.turns.some((turn) => turn.speaker === 'user' && !turn.tool)) this.warn(NO_CALLER_SPEECH);
    return episode;
  }

  /**
   * The calls of a JSONL transcripts file (one per line), read line by line. A call that an example repeats takes the
   * example's audio; a call read before is refused.
   */
  *transcripts(path: string, file: string): Generator<BatchEpisode> {
    for (const { text, line } of readTextLines(path, file, JSONL_FILE, jsonFieldAt)) {
      if (text.trim() === '') continue;
      const record = `line ${line}`;
      const episode = this.episodeOf(parseJsonText(text, file, record), file, record, false);
      const id = episode.externalId;
      const prior = this.sources.get(id);
      if (prior) {
        const problem = `simulation ${JSON.stringify(id)} was already read from ${prior}`;
        throw new ImportError(file, record, 'simulation_id', problem);
      }
      this.sources.set(id, file);
      const example = this.examples.get(id);
      if (example) {
        episode.audio.push(...example.audio);
        this.examples.delete(id);
      }
      yield episode;
    }
  }

  /** Reads one example call (a single transcript object) and the .wav beside it, if any, and holds it. */
  readExample(path: string, file: string): void {
    const read = this.episodeOf(readJsonFile(path, file), file, 'file', true);
    const episode = this.examples.get(read.externalId) ?? read; // an example repeating another adds its audio to it
    this.examples.set(episode.externalId, episode);
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
  if (sha256OfFile(path, file) === row.transcript_sha256) return;
  c.warn(`${file}: sha256 differs from results/manifest.csv (the file changed since the release)`);
}

/**
 * Reads the archive folder, or a single transcripts .jsonl / example .json file, at `path`, yielding as it goes: the
 * header, then each call as soon as it is read and joined. The joins (speech judgments, validation, metrics) and the
 * example calls are read first; the transcripts are read line by line and never held. The header's warnings are
 * complete once the last episode has been read.
 */
export function* readTauElicitationItems(
  path: string,
  taxonomyFor: TaxonomyFor = builtinTaxonomyFor,
): Generator<ImportItem> {
  const abs = resolve(path);
  if (!existsSync(abs)) throw new ImportError(basename(abs), 'file', '(file)', 'does not exist');
  const isDir = statSync(abs).isDirectory();
  const root = rootOf(abs, isDir);
  const studyName = `τ-Elicitation ${basename(isDir ? abs : abs.replace(/\.jsonl?$/, ''))}`;
  const manifestFile = 'results/manifest.csv';
  const manifestPath = findInsideRoot(root, manifestFile, { file: manifestFile, record: 'file', field: '(file)' });
  const c = new Collector(root, manifestPath ? readManifest(manifestPath, manifestFile) : new Map());
  const header: ImportHeader = {
    format: 'tau-elicitation',
    benchmark: 'tau-elicitation',
    studyName,
    studyInfo: { cells: [...c.manifest.values()] },
    source: abs,
    skipped: 0,
    warnings: c.warnings,
  };
  if (!isDir) {
    const file = abs.slice(root.length + 1).split(/[\\/]/).join('/');
    yield { kind: 'header', header };
    if (file.endsWith('.jsonl')) {
      for (const episode of c.transcripts(abs, file)) yield { kind: 'episode', episode };
    } else {
      c.readExample(abs, file);
      for (const episode of c.examples.values()) yield { kind: 'episode', episode };
    }
    return;
  }
  const ref = (file: string) => resolveInsideRoot(root, file, { file, record: 'file', field: '(file)' });
  const transcripts = listDir(root, 'transcripts', '.jsonl').map((n) => `transcripts/${n}`);
  const examples = listDir(root, 'examples', '.json')
    .filter((n) => n !== 'manifest.json')
    .map((n) => `examples/${n}`);
  if (transcripts.length + examples.length === 0) throw new ImportError(basename(abs), 'folder', 'transcripts/', 'no transcripts/*.jsonl or examples/*.json in the archive');
  const joins = new ArchiveJoins(root, taxonomyFor(studyName, 'tau-elicitation'), (m) => c.warn(m));
  Object.assign(header.studyInfo, joins.metrics);
  for (const file of examples) c.readExample(ref(file), file);
  yield { kind: 'header', header };
  for (const file of transcripts) {
    checkSha256(c, ref(file), file);
    for (const episode of c.transcripts(ref(file), file)) {
      joins.complete(episode);
      yield { kind: 'episode', episode };
    }
  }
  for (const episode of c.examples.values()) {
    joins.complete(episode);
    yield { kind: 'episode', episode };
  }
  const absent = [...c.manifest.values()].filter((r) => r.transcript_file && !transcripts.includes(r.transcript_file)).length;
  if (absent) c.warn(`${manifestFile}: ${absent} of ${c.manifest.size} cells have no transcript file in this archive`);
  for (const episode of joins.leftovers()) yield { kind: 'episode', episode };
}

/** Reads the archive at `path` into one batch (readTauElicitationItems, every episode kept): for detection and tests. */
export async function readTauElicitation(
  path: string,
  taxonomyFor: TaxonomyFor = builtinTaxonomyFor,
): Promise<ImportBatch> {
  return collectBatch(readTauElicitationItems(path, taxonomyFor));
}
