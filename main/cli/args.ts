/** Command-line options shared by every command, parsed strictly with node:util. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A usage error: printed as one line, exit code 2. */
export class UsageError extends Error {}

/** The absolute path of an input file the command line names; one that does not exist is a usage error naming it. */
export function inputFile(path: string, flag: string): string {
  const full = resolve(path);
  if (!existsSync(full)) throw new UsageError(`${flag} ${path}: no such file or folder`);
  return full;
}

/** The options any command may take. */
export interface CliOptions {
  positionals: string[];
  db?: string;
  port?: number;
  json: boolean;
  study?: string;
  format?: string;
  field?: string;
  raters?: string;
  ratings?: string;
  level?: string;
  /** `--weights FAMILY`: the weight family of the weighted agreement coefficients. */
  weights?: string;
  /** `--order a,b,c`: the category order of a ratings CSV. */
  order?: string;
  seed?: number;
  resamples?: number;
  /** `--tolerance-ms N`: the tolerance of time and region agreement. */
  toleranceMs?: number;
  /** `--hayes-krippendorff`: also bootstrap α by Hayes & Krippendorff's pair resampling. */
  hayesKrippendorff?: boolean;
  /** `--population N`: the population size of the analytic SEs' finite-population correction. */
  population?: number;
  set?: string;
  system?: string;
  out?: string;
  /** `--no-sign-request`: read an s3:// location anonymously even when AWS credentials are found. */
  noSignRequest?: boolean;
}

/** The option table of one command, as node:util's parseArgs takes it. */
export type OptionTable = NonNullable<ParseArgsConfig['options']>;

/** Parses one command's own options strictly (positionals only when allowed); a bad option is a UsageError. */
export function parseCommandOptions<O extends OptionTable, P extends boolean = false>(
  argv: string[],
  options: O,
  allowPositionals?: P,
) {
  try {
    return parseArgs<{ args: string[]; options: O; strict: true; allowPositionals: P | undefined }>({
      args: argv,
      options,
      strict: true,
      allowPositionals,
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

/** Parses `argv` (after the command name); unknown options are a UsageError. */
export function parseCliArgs(argv: string[]): CliOptions {
  const parsed = parseCommandOptions(
    argv,
    {
      db: { type: 'string' },
      port: { type: 'string' },
      json: { type: 'boolean', default: false },
      study: { type: 'string' },
      format: { type: 'string' },
      field: { type: 'string' },
      raters: { type: 'string' },
      ratings: { type: 'string' },
      level: { type: 'string' },
      weights: { type: 'string' },
      order: { type: 'string' },
      seed: { type: 'string' },
      resamples: { type: 'string' },
      'tolerance-ms': { type: 'string' },
      'hayes-krippendorff': { type: 'boolean', default: false },
      population: { type: 'string' },
      set: { type: 'string' },
      system: { type: 'string' },
      out: { type: 'string' },
      'no-sign-request': { type: 'boolean', default: false },
    },
    true,
  );
  const v = parsed.values;
  return {
    positionals: parsed.positionals,
    db: v.db,
    port: v.port === undefined ? undefined : integer('--port', v.port, 0, 65535),
    json: v.json ?? false,
    study: v.study,
    format: v.format,
    field: v.field,
    raters: v.raters,
    ratings: v.ratings,
    level: v.level,
    weights: v.weights,
    order: v.order,
    seed: v.seed === undefined ? undefined : integer('--seed', v.seed, 0, 2 ** 32 - 1),
    resamples: v.resamples === undefined ? undefined : integer('--resamples', v.resamples, 1, 1_000_000),
    toleranceMs: v['tolerance-ms'] === undefined ? undefined : integer('--tolerance-ms', v['tolerance-ms'], 0, 600_000),
    hayesKrippendorff: v['hayes-krippendorff'] ?? false,
    population:
      v.population === undefined ? undefined : integer('--population', v.population, 1, Number.MAX_SAFE_INTEGER),
    set: v.set,
    system: v.system,
    out: v.out,
    noSignRequest: v['no-sign-request'] ?? false,
  };
}

function integer(name: string, raw: string, min: number, max: number): number {
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max)
    throw new UsageError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return n;
}
