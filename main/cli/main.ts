/** Entry of `earshot <command>`: dispatches to a command, prints JSON or text, and maps failures to exit codes. */
import { parseCliArgs, UsageError } from './args';
import { exitCodeOf } from './exit-codes';
import { episodesCommand, openForCli, studiesCommand, type CommandOutput } from './commands';
import { serveCommand } from './serve';
import { startCommand } from './start';
import { importCommand } from './import';
import { metricsCommand } from './metrics';
import { agreementCommand, ratingsAgreementCommand, reportCommand } from './agreement';
import { labelsCommand } from './labels';
import { runCommands } from './run';
import { episodeCommand } from './episode';
import { planCommand } from './plan';
import { annotationsCommand } from './annotations';
import { casebookCommand } from './casebook';
import { alignCommand } from './align';
import { generateCommand } from './generate';
import { COMMAND_HELP, commandHelpText, wantsHelp } from './help';
import type { Services } from '../services/services';

const USAGE = `usage: earshot <command> [options]
  serve     [--db FILE] [--port N]                 serve the studio on 127.0.0.1
  start                                            open the desktop app (falls back to serve)
  studies   [--db FILE] [--json]                   list studies
  episodes  --study ID_OR_NAME [--db FILE] [--json] list a study's episodes
  episode   ID --study ID_OR_NAME [--as ANNOTATOR] [--db FILE] [--json]  one whole episode: turns, audio, judgements, labels
  import    PATH [--study NAME] [--format F] [--db FILE] [--json]  import benchmark results
  metrics   --study ID_OR_NAME [--db FILE] [--json]  every figure computed for a study
  agreement --study ID_OR_NAME [--field F] [--raters A,B] [--level L] [--db FILE] [--json]  agreement of annotators and of the judge, 95% CIs
  agreement --ratings FILE.csv [--level nominal|ordinal|interval] [--order a,b,c] [--json]  agreement of an item,rater,label CSV
  report    --study ID_OR_NAME --field F[,G] [--format markdown|html] [--out FILE]  agreement report + CSV
  labels    export ANNOTATOR --study X [--out FILE] | import FILE [--study X] | csv --study X [--raters A,B]  exchange labels
  run       --set FILE --system CONFIG.json [--judge JUDGE.json] [--study NAME] [--repeats N] [--concurrency N] [--out DIR] [--db FILE] [--json]  run an episode set against a system
  run       --resume RUN_ID [--db FILE] [--json]    resume a cancelled or interrupted run
  casebook  list --study S [--json] | export --study S [--category C] --out DIR [--html]  a study's casebook, cases exported
  generate  dsb-dg --document F --qa F --out SET.jsonl [--repeats N] [--json]  a DSB-DG set: tier sweep, decay, refresh
  judge     --study ID_OR_NAME --judge JUDGE.json [--only-labelled FIELD] [--db FILE] [--json]  (re-)judge a study
  judges    --study ID_OR_NAME [--field F] [--db FILE] [--json]  compare a study's judges with its annotators
  judges    --study ID_OR_NAME --field F --mapping KEY --baseline J[@V] --candidate J[@V] [--json]  two judges on the labelled items
  plan      --study ID_OR_NAME --figure MAPPING[=CATEGORY] --width W [--db FILE] [--json]  labels needed for a judge-corrected figure
  annotations export --study S --episode ID --format eaf|textgrid|audacity --out FILE  to ELAN, Praat, Audacity
  annotations import --study S --episode ID --annotator A --file F [--replace-turns] [--json]  regions, turns in
  align     --study ID_OR_NAME [--episode ID] [--aggressiveness 0-3] [--min-gap-ms N] [--json]  (re-)align untimed turns to the audio

earshot <command> --help shows a command's options and an example.
exit codes: 0 done, 1 failed, 2 usage, 3 refused (invalid input, not found, conflict, forbidden), 4 unavailable,
130 run cancelled.`;

/** Commands that read their own options: runs, judges and the label planner. */
const ownOptionCommands: typeof runCommands = { ...runCommands, plan: planCommand, annotations: annotationsCommand, casebook: casebookCommand, align: alignCommand, generate: generateCommand, episode: episodeCommand };

type DataCommand = (s: Services, opts: ReturnType<typeof parseCliArgs>) => CommandOutput | Promise<CommandOutput>;

const dataCommands: Record<string, DataCommand> = {
  studies: studiesCommand,
  episodes: episodesCommand,
  import: importCommand,
  metrics: metricsCommand,
  agreement: agreementCommand,
  report: reportCommand,
  labels: labelsCommand,
};

/** Every command `earshot` knows, in the order of its usage text. */
export const COMMANDS: readonly string[] = [
  'serve',
  'start',
  ...Object.keys(dataCommands),
  ...Object.keys(ownOptionCommands),
];

/** Prints the usage (exit 0 when asked for, 2 when no command was given), or one command's help. */
function help(command: string | undefined, topic: string | undefined): number {
  if (topic === undefined) {
    process.stdout.write(USAGE + '\n');
    return command ? 0 : 2;
  }
  if (!COMMAND_HELP[topic]) throw new UsageError(`unknown command "${topic}"; run earshot help`);
  process.stdout.write(commandHelpText(topic) + '\n');
  return 0;
}

/** A reader that closed our output early (`earshot episodes … | head`) ends the command quietly, not with a trace. */
let pipeWatched = false;
function quietOnClosedPipe(): void {
  if (pipeWatched) return;
  pipeWatched = true;
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
    process.exit(0);
  });
}

/** Runs the CLI; returns the process exit code (long-running commands resolve once started). */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  quietOnClosedPipe();
  try {
    if (!command || command === 'help' || command === '--help' || command === '-h') return help(command, rest[0]);
    if (wantsHelp(rest)) return help(command, command);
    const runCli = ownOptionCommands[command];
    if (runCli) {
      const out = await runCli(rest);
      process.stdout.write((out.json_ ? JSON.stringify(out.json, null, 2) : out.text) + '\n');
      return out.exitCode;
    }
    const opts = parseCliArgs(rest);
    if (command === 'serve') {
      await serveCommand(opts);
      return 0;
    }
    if (command === 'start') return await startCommand(opts);
    if (command === 'agreement' && opts.ratings !== undefined) {
      const out = await ratingsAgreementCommand(opts); // a CSV needs no database
      process.stdout.write((opts.json ? JSON.stringify(out.json, null, 2) : out.text) + '\n');
      return 0;
    }
    const run = dataCommands[command];
    if (!run) throw new UsageError(`unknown command "${command}"; run earshot help`);
    const services = await openForCli(opts);
    try {
      const out = await run(services, opts);
      process.stdout.write((opts.json ? JSON.stringify(out.json, null, 2) : out.text) + '\n');
    } finally {
      services.db.close();
    }
    return 0;
  } catch (err) {
    const message = (err as Error).message.replace(/\s*\n\s*/g, ' ');
    process.stderr.write(`earshot ${command ?? ''}: ${message}\n`);
    return exitCodeOf(err);
  }
}
