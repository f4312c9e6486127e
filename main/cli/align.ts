/** `earshot align --study S [--episode ID] [--aggressiveness N] [--min-gap-ms N]`: (re-)align untimed turns to audio. */
import { listEpisodes } from '../db/episodes';
import { alignStudyEpisodes, type AlignReport } from '../align/align-episodes';
import { DEFAULT_ALIGN_SETTINGS } from '../align/align-audio';
import type { Aggressiveness } from '../align/vad';
import { notFound } from '../domain/errors';
import { countNoun } from '../../shared/count-noun';
import { parseCommandOptions, UsageError, type CliOptions } from './args';
import { openForCli, requireStudy, type SelfParsedOutput } from './commands';

function options(argv: string[]) {
  return parseCommandOptions(argv, {
    study: { type: 'string' },
    episode: { type: 'string' },
    aggressiveness: { type: 'string' },
    'min-gap-ms': { type: 'string' },
    db: { type: 'string' },
    json: { type: 'boolean', default: false },
  }).values;
}

function whole(name: string, raw: string | undefined, min: number, max: number, fallback: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return n;
}

/** Runs `align`: every untimed or estimated episode of the study, or one, with the settings given. */
export async function alignCommand(argv: string[]): Promise<SelfParsedOutput> {
  const v = options(argv);
  const settings = {
    ...DEFAULT_ALIGN_SETTINGS,
    aggressiveness: whole(
      'aggressiveness',
      v.aggressiveness,
      0,
      3,
      DEFAULT_ALIGN_SETTINGS.aggressiveness,
    ) as Aggressiveness,
    minGapMs: whole('min-gap-ms', v['min-gap-ms'], 0, 5000, DEFAULT_ALIGN_SETTINGS.minGapMs),
  };
  const s = await openForCli({ positionals: [], json: false, db: v.db } as CliOptions);
  try {
    const study = requireStudy(s, { positionals: [], json: false, study: v.study } as CliOptions);
    let episodeIds: number[] | undefined;
    if (v.episode !== undefined) {
      const ref = v.episode;
      const found = listEpisodes(s.db, study.id).find((e) => e.externalId === ref || String(e.id) === ref);
      if (!found) throw notFound(`episode "${ref}" in study "${study.name}"`);
      episodeIds = [found.id];
    }
    const report: AlignReport = await alignStudyEpisodes(s.db, study.id, { settings, again: true, episodeIds });
    const text =
      `"${study.name}": ${countNoun(report.turns, 'turn')} in ${countNoun(report.episodes, 'episode')} aligned ` +
      `(aggressiveness ${settings.aggressiveness}, pauses under ${settings.minGapMs} ms bridged; times estimated)` +
      report.notes.map((n) => `\n${n}`).join('');
    return { json: { study, settings, ...report }, text, exitCode: 0, json_: !!v.json };
  } finally {
    s.db.close();
  }
}
