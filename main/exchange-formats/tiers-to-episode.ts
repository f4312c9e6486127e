/**
 * Which tiers of an annotation file are turns and which are regions (the reverse of episode-tiers.ts): a tier named
 * `user`, `agent` or `system` (in any case) holds turns; a tier `regions` or `NAME/regions`
 * holds regions, the importing annotator's own first when several annotators' are there. Other tiers are left out,
 * and said so. A tier split for overlaps ("regions (2)") joins its first part.
 */
import { ImportError } from '../importers/batch';
import { MAX_TURN_TEXT_CHARS } from '../importers/limits';
import type { Speaker } from '../../shared/domain';
import { MAX_REGION_LABEL, type LabelledRegion } from '../../shared/types/regions';
import { REGIONS, SPEAKER_TIERS } from './episode-tiers';
import { baseTierName, type Interval, type Tier, type TierDocument } from './tiers';

/** A turn read from a file. */
export interface ReadTurn {
  speaker: Speaker;
  startMs: number;
  endMs: number;
  text: string;
}

/** What a file gives an episode: turns (null when it has no speaker tier), regions (null when no regions tier). */
export interface TierImport {
  turns: ReadTurn[] | null;
  regions: LabelledRegion[] | null;
  /** The tier the regions came from. */
  regionsTier: string | null;
  /** Tiers and parts of the file left out, each with the reason. */
  leftOut: string[];
}

/** How to read the tiers: whose regions to prefer, a tier to take them from, and the text that stands for empty. */
export interface TierImportOptions {
  annotator: string;
  regionsTier?: string;
  emptyText?: string;
}

const speakerOf = (t: Tier): Speaker | null => {
  const name = baseTierName(t.name).trim().toLowerCase();
  return SPEAKER_TIERS.find((s) => s === name) ?? null;
};
const isRegions = (name: string) => name === REGIONS || name.endsWith(`/${REGIONS}`);

/** The region tiers to import: the named one, the annotator's own, the unnamed one, or the only annotator's. */
function regionTiers(file: string, tiers: readonly Tier[], opts: TierImportOptions): Tier[] {
  const byBase = (base: string) => tiers.filter((t) => baseTierName(t.name) === base);
  if (opts.regionsTier !== undefined) {
    const named = byBase(opts.regionsTier);
    if (named.length) return named;
    const names = tiers.map((t) => `"${t.name}"`).join(', ') || 'none';
    throw new ImportError(file, `tier "${opts.regionsTier}"`, 'regions tier', `no such tier (tiers: ${names})`);
  }
  const own = byBase(`${opts.annotator}/${REGIONS}`);
  if (own.length) return own;
  const bases = [...new Set(tiers.map((t) => baseTierName(t.name)).filter(isRegions))];
  if (bases.length > 1 && bases.includes(REGIONS)) return byBase(REGIONS);
  if (bases.length > 1) {
    const list = bases.map((b) => `"${b}"`).join(', ');
    throw new ImportError(file, 'tiers', 'regions tier', `several region tiers (${list}); name the one to import`);
  }
  return bases.length ? byBase(bases[0]) : [];
}

/** Turns and regions of `doc` (the file `file`) for an episode; any bad interval refuses the whole file. */
export function tiersToEpisode(doc: TierDocument, file: string, opts: TierImportOptions): TierImport {
  const empty = (text: string) => (opts.emptyText !== undefined && text === opts.emptyText ? '' : text);
  const site = (t: Tier, i: Interval) => i.site ?? `tier "${t.name}"`;
  const fromRegions = regionTiers(file, doc.tiers, opts);
  const fromSpeakers = doc.tiers.filter((t) => !fromRegions.includes(t) && speakerOf(t) !== null);
  const leftOut = doc.tiers
    .filter((t) => !fromRegions.includes(t) && !fromSpeakers.includes(t))
    .map((t) => `tier "${t.name}" (${t.intervals.length} intervals): not a speaker's turns or the regions imported`);
  if (!fromRegions.length && !fromSpeakers.length) {
    const names = doc.tiers.map((t) => `"${t.name}"`).join(', ') || 'none';
    throw new ImportError(
      file,
      'tiers',
      'tier names',
      `no tier of turns (user, agent, system) or regions (tiers: ${names})`,
    );
  }
  const turns = fromSpeakers.flatMap((t) =>
    t.intervals.map((i): ReadTurn => {
      if (i.text.length > MAX_TURN_TEXT_CHARS) {
        throw new ImportError(
          file,
          site(t, i),
          'text',
          `longer than the ${MAX_TURN_TEXT_CHARS} characters a turn may have`,
        );
      }
      if (i.endMs <= i.startMs) throw new ImportError(file, site(t, i), 'end', 'a turn must end after it starts');
      return { speaker: speakerOf(t)!, startMs: i.startMs, endMs: i.endMs, text: empty(i.text) };
    }),
  );
  const regions = fromRegions.flatMap((t) =>
    t.intervals.map((i): LabelledRegion => {
      const label = empty(i.text);
      if (label.length > MAX_REGION_LABEL) {
        throw new ImportError(
          file,
          site(t, i),
          'label',
          `${label.length} characters, more than a region's ${MAX_REGION_LABEL}`,
        );
      }
      if (i.endMs <= i.startMs) throw new ImportError(file, site(t, i), 'end', 'a region must end after it starts');
      return { startMs: i.startMs, endMs: i.endMs, label };
    }),
  );
  return {
    turns: fromSpeakers.length ? turns.sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs) : null,
    regions: fromRegions.length ? regions.sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs) : null,
    regionsTier: fromRegions.length ? baseTierName(fromRegions[0].name) : null,
    leftOut: [...leftOut, ...(doc.notes ?? [])],
  };
}
