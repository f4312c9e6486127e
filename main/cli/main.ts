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
import type { Services } from '../services/services';

const USAGE = `usage: earshot <command> [options]
  serve     [--db FILE] [--port N]                 serve the studio on 127.0.0.1
  start                                            open the desktop app (falls back to serve)
  studies   [--db FILE] [--json]                   list studies
  episodes  --study ID_OR_NAME [--db FILE] [--json] list a study's episodes
  import    PATH [--study NAME] [--format F] [--db FILE] [--json]  import benchmark results
  metrics   --study ID_OR_NAME [--db FILE] [--json]  every figure computed for a study
  agreement --study ID_OR_NAME [--field F] [--raters A,B] [--level L] [--db FILE] [--json]  agreement of annotators and of the judge, 95% CIs
  agreement --ratings FILE.csv [--level nominal|ordinal|interval] [--json]  agreement of an item,rater,label CSV
  report    --study ID_OR_NAME --field F[,G] [--format markdown|html] [--out FILE]  agreement report + CSV
  labels    export ANNOTATOR --study X [--out FILE] | import FILE [--study X] | csv --study X [--raters A,B]  exchange labels
  run       --set FILE --system CONFIG.json [--judge JUDGE.json] [--study NAME] [--repeats N] [--concurrency N] [--out DIR] [--db FILE] [--json]  run an episode set against a system
  run       --resume RUN_ID [--db FILE] [--json]    resume a cancelled or interrupted run
  judge     --study ID_OR_NAME --judge JUDGE.json [--only-labelled FIELD] [--db FILE] [--json]  (re-)judge a study
  judges    --study ID_OR_NAME [--field F] [--db FILE] [--json]  compare a study's judges with its annotators
  judges    --study ID_OR_NAME --field F --mapping KEY --baseline J[@V] --candidate J[@V] [--json]  two judges on the labelled items`;

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

/** Runs the CLI; returns the process exit code (long-running commands resolve once started). */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (!command || command === 'help' || command === '--help') {
      process.stdout.write(USAGE + '\n');
      return command ? 0 : 2;
    }
    const runCli = runCommands[command];
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
