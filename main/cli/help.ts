/** `earshot CMD --help`: each command's usage, every option it takes, and an example. */

/** The help of one command. */
export interface CommandHelp {
  usage: string;
  summary: string;
  options: [flag: string, meaning: string][];
  example: string;
}

const DB: [string, string] = ['--db FILE', 'the studio database (default: the app’s own, see README)'];
const JSON_OUT: [string, string] = ['--json', 'print one JSON document on stdout instead of text'];
const STUDY: [string, string] = ['--study ID_OR_NAME', 'the study, by id or name (earshot studies lists them)'];

/** Every command's help, by command name. */
export const COMMAND_HELP: Record<string, CommandHelp> = {
  serve: {
    usage: 'earshot serve [--db FILE] [--port N]',
    summary: 'Serve the studio on 127.0.0.1 and print its tokenized URL; Ctrl-C stops it.',
    options: [DB, ['--port N', 'port to listen on (0 = any free port; default 0)']],
    example: 'earshot serve --port 8377',
  },
  start: {
    usage: 'earshot start [--db FILE]',
    summary: 'Open the desktop app; where Electron cannot run, serve the studio in the browser instead.',
    options: [DB],
    example: 'earshot start',
  },
  studies: {
    usage: 'earshot studies [--db FILE] [--json]',
    summary: 'List the studies: id, name, benchmark and number of episodes.',
    options: [DB, JSON_OUT],
    example: 'earshot studies --json',
  },
  episodes: {
    usage: 'earshot episodes --study ID_OR_NAME [--db FILE] [--json]',
    summary: 'List a study’s episodes: id, external id, system, outcome, judge label.',
    options: [STUDY, DB, JSON_OUT],
    example: 'earshot episodes --study "Demo study" --json',
  },
  episode: {
    usage: 'earshot episode ID --study ID_OR_NAME [--as ANNOTATOR] [--db FILE] [--json]',
    summary:
      'Show one whole episode: turns with times, tool events, audio files, judgements, every annotator’s labels (in ' +
      'both phases when the study hides the judge) and the adjudications, as the study lead sees it; with --as, what ' +
      'the studio shows that annotator (judge, reference and others’ labels as the study’s rules allow). ID is the ' +
      'external id or Earshot’s numeric id.',
    options: [STUDY, ['--as ANNOTATOR', 'show the episode as this annotator (name or id) sees it'], DB, JSON_OUT],
    example: 'earshot episode demo-retail-order-status --study "Demo study" --as "Ana Lima" --json',
  },
  import: {
    usage:
      'earshot import PATH|s3://BUCKET/PREFIX/|https://URL [--study NAME] [--format F] [--no-sign-request] ' +
      '[--db FILE] [--json]',
    summary:
      'Import benchmark results (a file or folder); all or nothing. The format is detected unless given. An s3:// or ' +
      'https:// location (a folder listing or one file) is downloaded into the cache first, resuming and verified ' +
      '(docs/formats.md, "Remote locations").',
    options: [
      ['--study NAME', 'study to import into (created if missing; default: the name the format gives)'],
      ['--format F', 'tau2 | tau-elicitation | vera | generic (default: detected from PATH)'],
      ['--no-sign-request', 'read s3:// anonymously even when AWS credentials are found (a public bucket)'],
      DB,
      JSON_OUT,
    ],
    example: 'earshot import s3://sierra-tau-bench-public/submissions/NAME/trajectories/RUN/ --no-sign-request',
  },
  metrics: {
    usage: 'earshot metrics --study ID_OR_NAME [--db FILE] [--json]',
    summary: 'Every benchmark figure computed for a study, with its 95% interval (docs/metrics.md).',
    options: [STUDY, DB, JSON_OUT],
    example: 'earshot metrics --study "τ-Elicitation release" --json',
  },
  agreement: {
    usage:
      'earshot agreement --study ID_OR_NAME [--field F] [--raters A,B] [--level L] [--weights FAMILY] [--db FILE] ' +
      '[--json]\n' +
      '       earshot agreement --ratings FILE.csv [--level L] [--weights FAMILY] [--order a,b,c] [--json]',
    summary:
      'Agreement of a study’s annotators (and of the judge) with 95% bootstrap intervals; or of an item,rater,label CSV.',
    options: [
      STUDY,
      ['--field F', 'one labelled field (default: every labelled field)'],
      ['--raters A,B', 'only these annotators, by name or id'],
      ['--level L', 'nominal | ordinal | interval | ratio | circular | bipolar: α’s metric (default: the field’s own)'],
      [
        '--weights FAMILY',
        'of AC2 and the weighted forms: identity | quadratic | linear | ordinal | radical | ratio | circular | ' +
          'bipolar (default: the level’s own)',
      ],
      ['--ratings FILE.csv', 'a CSV with columns item,rater,label instead of a study (no database needed)'],
      ['--order a,b,c', 'the categories of a --ratings CSV in order (text labels off nominal level, or with weights)'],
      ['--seed N', 'seed of the bootstrap (default 1)'],
      ['--resamples N', 'bootstrap resamples (default 10000)'],
      ['--tolerance-ms N', 'first-error and region fields: the tolerance of time agreement (default 1000)'],
      ['--hayes-krippendorff', 'also bootstrap α by Hayes & Krippendorff’s pair resampling (KALPHA)'],
      ['--population N', 'the items are a sample of N: analytic SEs × √(1 − n/N) (Gwet’s correction; default none)'],
      DB,
      JSON_OUT,
    ],
    example: 'earshot agreement --study "Demo study" --field source --json',
  },
  report: {
    usage: 'earshot report --study ID_OR_NAME --field F[,G] [--format markdown|html] [--out FILE] [--db FILE]',
    summary: 'Write the agreement report of one or more fields, and its CSV beside it.',
    options: [
      STUDY,
      ['--field F[,G]', 'the fields to report'],
      ['--format markdown|html', 'document format (default markdown)'],
      ['--out FILE', 'where to write the document (default: named after the study, in the current folder)'],
      DB,
    ],
    example: 'earshot report --study "Demo study" --field source --format html --out report.html',
  },
  labels: {
    usage:
      'earshot labels export ANNOTATOR --study X [--out FILE]\n' +
      '       earshot labels import FILE [--study X]\n' +
      '       earshot labels csv --study X [--raters A,B] [--out FILE]',
    summary: 'Exchange labels: one annotator’s bundle out or in, or the study’s labels as validation.csv.',
    options: [
      STUDY,
      ['--out FILE', 'where to write (default: the same file name the app uses)'],
      ['--raters A,B', 'the two annotators whose labels fill the _a and _b columns of the CSV'],
      DB,
      JSON_OUT,
    ],
    example: 'earshot labels export "Ana Lima" --study "Demo study" --out ana.json',
  },
  run: {
    usage:
      'earshot run --set FILE --system CONFIG.json [--judge JUDGE.json] [--study NAME] [--repeats N] ' +
      '[--concurrency N] [--out DIR] [--dry-run] [--db FILE] [--json]\n' +
      '       earshot run --resume RUN_ID [--db FILE] [--json]',
    summary: 'Run an episode set against a voice or text system, record each call and judge it (docs/runner.md).',
    options: [
      ['--set FILE', 'the episode set (docs/episode-sets.md)'],
      ['--system CONFIG.json', 'the system to call (docs/runner.md)'],
      ['--judge JUDGE.json', 'judge each call with this judge'],
      ['--study NAME', 'study the run’s episodes go into'],
      ['--repeats N', 'run each episode N times'],
      ['--concurrency N', 'calls in flight at once'],
      ['--out DIR', 'folder for the recordings'],
      ['--resume RUN_ID', 'resume a cancelled or interrupted run'],
      ['--dry-run', 'print the calls, audio minutes and estimated cost, and send nothing'],
      DB,
      JSON_OUT,
    ],
    example: 'earshot run --set vera-sample.json --system realtime.json --judge judge.json',
  },
  judge: {
    usage: 'earshot judge --study ID_OR_NAME --judge JUDGE.json [--only-labelled FIELD] [--db FILE] [--json]',
    summary: '(Re-)judge a study’s episodes with a judge configuration.',
    options: [
      STUDY,
      ['--judge JUDGE.json', 'the judge configuration (docs/runner.md)'],
      ['--only-labelled FIELD', 'judge only the episodes labelled on FIELD'],
      DB,
      JSON_OUT,
    ],
    example: 'earshot judge --study "Demo study" --judge judge.json --only-labelled source',
  },
  judges: {
    usage:
      'earshot judges --study ID_OR_NAME [--field F] [--db FILE] [--json]\n' +
      '       earshot judges --study ID_OR_NAME --field F --mapping KEY --baseline J[@V] --candidate J[@V] [--json]',
    summary: 'Compare a study’s judges with its annotators, or two judges on the labelled items.',
    options: [
      STUDY,
      ['--field F', 'the labelled field'],
      ['--mapping KEY', 'the judge-to-field mapping (docs/annotation.md)'],
      ['--baseline J[@V]', 'judge id (and version) of the baseline'],
      ['--candidate J[@V]', 'judge id (and version) of the candidate'],
      DB,
      JSON_OUT,
    ],
    example: 'earshot judges --study "τ-Elicitation release" --field severity --json',
  },
  casebook: {
    usage:
      'earshot casebook list --study ID_OR_NAME [--category C] [--db FILE] [--json]\n' +
      '       earshot casebook export --study ID_OR_NAME [--category C] --out DIR [--html] [--db FILE] [--json]',
    summary:
      'A study’s casebook: its cases by category, or each case exported as a folder (case.html, clip.wav, ' +
      'timeline.svg/.png, case.json, transcript.txt) or with --html as one self-contained HTML file (docs/formats.md).',
    options: [
      STUDY,
      ['--category C', 'only the cases of this category'],
      ['--out DIR', 'export: the folder to write the cases into (created if missing)'],
      ['--html', 'export: one HTML file per case, audio and figures inside, instead of a folder'],
      DB,
      JSON_OUT,
    ],
    example: 'earshot casebook export --study "Demo study" --category "misheard digits" --out cases --html',
  },
  align: {
    usage: 'earshot align --study ID_OR_NAME [--episode ID] [--aggressiveness 0-3] [--min-gap-ms N] [--db FILE] [--json]',
    summary:
      'Align turns that came without times to the call audio (WebRTC voice activity per lane, then turns in order); ' +
      'the times are marked estimated, replace earlier estimates, and never times from the data (docs/alignment.md).',
    options: [
      STUDY,
      ['--episode ID', 'only this episode (external id or Earshot’s numeric id); default: every episode'],
      ['--aggressiveness N', 'WebRTC VAD mode, 0 (keeps most speech) to 3 (drops most noise; default 3)'],
      ['--min-gap-ms N', 'pauses shorter than this stay inside one stretch of speech (default 350)'],
      DB,
      JSON_OUT,
    ],
    example: 'earshot align --study "Support calls" --episode call-17 --aggressiveness 2 --json',
  },
  generate: {
    usage:
      'earshot generate dsb-dg --document FILE --qa QA.jsonl --out SET.jsonl [--repeats N] [--id ID] [--domain D] ' +
      '[--early N] [--script-tier T1-T5] [--json]',
    summary:
      'Generate a DSB-DG episode set from a document and its QA set: the tier sweep (nested excerpts to the T1–T5 ' +
      'budgets, the same questions), 17-turn decay scripts and refresh schedules none / single / multiple ' +
      '(docs/episode-sets.md, "Generating DSB-DG sets").',
    options: [
      ['--document FILE', 'the document, plain text'],
      ['--qa QA.jsonl', 'its questions: {id, question, answer | null, evidence?, repeat?} or {distractor} a line'],
      ['--out SET.jsonl', 'the set to write (replaced if it exists)'],
      ['--repeats N', 'runs of every item the set asks for, earshot run’s default (default 3)'],
      ['--id ID', 'the document’s id in item ids (default: the file name)'],
      ['--domain D', 'the domain condition of every item'],
      ['--early N', 'early probes per decay script, repeated late (default 4: 4 + 9 distractors + 4 = 17 turns)'],
      ['--script-tier T', 'tier of the decay and refresh scripts (default T3, else the largest the document fills)'],
      JSON_OUT,
    ],
    example: 'earshot generate dsb-dg --document policy.txt --qa policy-qa.jsonl --out policy-set.jsonl --repeats 3',
  },
  annotations: {
    usage:
      'earshot annotations export --study ID_OR_NAME --episode ID --format eaf|textgrid|audacity --out FILE ' +
      '[--db FILE]\n' +
      '       earshot annotations import --study ID_OR_NAME --episode ID --annotator A --file F [--format F] ' +
      '[--replace-turns] [--regions-tier T] [--db FILE] [--json]',
    summary:
      'Exchange with audio-annotation tools (docs/formats.md, "Annotation tools"): export an episode’s timed turns, ' +
      'every annotator’s regions and labels as an ELAN .eaf, Praat .TextGrid or Audacity label file; import a ' +
      'file’s regions as one annotator’s, and its turns onto an episode without turns (or replacing them when asked). ' +
      'All or nothing. ID is the external id or Earshot’s numeric id.',
    options: [
      STUDY,
      ['--episode ID', 'the episode (external id or numeric id)'],
      ['--format F', 'eaf | textgrid | audacity (export default eaf; import default: from the file’s name or first line)'],
      ['--out FILE', 'export: the file to write'],
      ['--annotator A', 'import: the annotator, by name or id, whose regions the file’s become'],
      ['--file F', 'import: the annotation file'],
      ['--replace-turns', 'import: replace the episode’s turns with the file’s even when it has turns'],
      ['--regions-tier T', 'import: the tier to take regions from (default: A/regions, else regions)'],
      DB,
      JSON_OUT,
    ],
    example: 'earshot annotations export --study "Demo study" --episode demo-retail-order-status --out a.eaf',
  },
  plan: {
    usage: 'earshot plan --study ID_OR_NAME --figure MAPPING[=CATEGORY] --width W [--db FILE] [--json]',
    summary:
      'How many more human labels give a judge-corrected figure (PPI++) a 95% interval W wide, per system: drawn at ' +
      'random, or stratified by the judge’s label with proportional or Neyman allocation (docs/metrics-benchmarks.md).',
    options: [
      STUDY,
      ['--figure MAPPING[=CATEGORY]', 'a binary judge mapping (grade:correct), or a categorical one and its category'],
      ['--width W', 'the interval width wanted, high − low (e.g. 0.1 for ±0.05)'],
      DB,
      JSON_OUT,
    ],
    example: 'earshot plan --study "VERA voice" --figure grade:correct --width 0.1',
  },
};

/** The help text of one command. */
export function commandHelpText(name: string): string {
  const h = COMMAND_HELP[name];
  const width = Math.max(...h.options.map(([flag]) => flag.length));
  return [
    `usage: ${h.usage}`,
    '',
    h.summary,
    '',
    'options:',
    ...h.options.map(([flag, meaning]) => `  ${flag.padEnd(width)}  ${meaning}`),
    `  ${'--help'.padEnd(width)}  show this help`,
    '',
    `example: ${h.example}`,
    '',
    'exit codes: see earshot help (0 ok, 2 usage).',
  ].join('\n');
}

/** Whether the arguments after a command ask for its help. */
export function wantsHelp(argv: readonly string[]): boolean {
  return argv.includes('--help') || argv.includes('-h');
}
