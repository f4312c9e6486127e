/**
 * The limits on what an import reads (docs/formats.md, "Limits"). A file past one is refused by name (the file, the
 * record and the field) and nothing of the import is written; an audio file past one is skipped with a warning that
 * names it wherever a broken audio file is skipped. Real files sit far inside them: in the public fixtures JSON nests
 * at most 8 levels, the longest string has 42,539 characters and the largest file has 1 MB.
 */

const MiB = 1024 * 1024;

/** A cap on the size of one kind of file, and how messages name that kind. */
export interface FileLimit {
  bytes: number;
  kind: string;
}

/**
 * A JSON file read whole: a VERA grades file, a τ-Elicitation example call, a run's sim_status.json and the archive's
 * metrics files. A τ² results.json and a VERA episodes file are streamed, never read whole: this caps their fields
 * other than `simulations` or `episodes`, together (each element is held to SIMULATION_FILE or VERA_EPISODE).
 */
export const JSON_FILE: FileLimit = { bytes: 256 * MiB, kind: 'a JSON file' };

/** One τ² simulation file (simulations/<id>.json): about ten hours of full-duplex ticks at the fixtures' density. */
export const SIMULATION_FILE: FileLimit = { bytes: 64 * MiB, kind: 'a τ² simulation file' };

/** One episode of a VERA episodes file: its prompt turns and context documents (the fixture's largest: 46 kB). */
export const VERA_EPISODE: FileLimit = { bytes: 64 * MiB, kind: 'a VERA episode' };

/**
 * A JSONL file: generic episodes, τ-Elicitation transcripts and speech judgments. It is read line by line and its
 * episodes are written as they are read, never held whole; the cap bounds what one file may add to a study.
 */
export const JSONL_FILE: FileLimit = { bytes: 500 * MiB, kind: 'a JSONL file' };

/** A CSV file (τ-Elicitation manifest and validation tables) or an Audacity label track. */
export const TABLE_FILE: FileLimit = { bytes: 64 * MiB, kind: 'a CSV or label file' };

/** An audio file: 4 GiB is the most a WAV's 32-bit chunk sizes can describe. */
export const AUDIO_FILE: FileLimit = { bytes: 4096 * MiB, kind: 'an audio file' };

/**
 * Deepest nesting of JSON arrays and objects, checked on the text before it is parsed. Node's JSON.parse itself
 * survives millions of levels, but what the import does next does not: JSON.stringify overflows the stack beyond about
 * 4,000 levels and a worker thread's structured clone beyond about 1,900.
 */
export const MAX_JSON_DEPTH = 64;

/** Longest string in any field of a JSON, JSONL or CSV file, in characters (room for a long VERA context document). */
export const MAX_FIELD_CHARS = 8 * MiB;

/** Longest text of one turn as imported, in characters: about three hours of continuous speech. */
export const MAX_TURN_TEXT_CHARS = 200_000;

/** Most turns (speech and tool events) in one episode. */
export const MAX_TURNS = 20_000;

/** Most channels of an audio file (7.1 surround); every channel adds a lane of waveform peaks. */
export const MAX_AUDIO_CHANNELS = 8;

/** Lowest sample rate of an audio file, in Hz (telephone audio). */
export const MIN_SAMPLE_RATE = 8_000;

/** Highest sample rate of an audio file, in Hz. */
export const MAX_SAMPLE_RATE = 192_000;

/** Longest audio file, in milliseconds: four hours. */
export const MAX_AUDIO_DURATION_MS = 4 * 60 * 60 * 1000;
