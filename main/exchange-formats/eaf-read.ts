/**
 * Reads an ELAN annotation document (EAF 2.x/3.x): the TIME_ORDER's slots, each TIER's ALIGNABLE_ANNOTATIONs, and
 * REF_ANNOTATIONs, which take the times of the annotation they refer to. Times must be in milliseconds; an annotation
 * on a slot without a time (ELAN's unaligned slots) is refused, naming the tier and the annotation.
 */
import { ImportError } from '../importers/batch';
import { parseXml, type XmlElement } from './xml-reader';
import type { Interval, Tier, TierDocument } from './tiers';

const childrenNamed = (e: XmlElement, name: string) => e.children.filter((c) => c.name === name);

/** The tiers of the EAF text `source`; `file` names it in messages. */
export function readEaf(source: string, file: string): TierDocument {
  const root = parseXml(source, file);
  const fail = (record: string, field: string, problem: string): never => {
    throw new ImportError(file, record, field, problem);
  };
  if (root.name !== 'ANNOTATION_DOCUMENT')
    fail(`line ${root.line}`, root.name, 'not an ELAN document (ANNOTATION_DOCUMENT)');
  const units = childrenNamed(root, 'HEADER')[0]?.attributes.TIME_UNITS ?? 'milliseconds';
  if (units !== 'milliseconds') fail('HEADER', 'TIME_UNITS', `"${units}": only milliseconds are read`);

  const slots = new Map<string, number | null>();
  for (const s of childrenNamed(root, 'TIME_ORDER').flatMap((o) => childrenNamed(o, 'TIME_SLOT'))) {
    const id = s.attributes.TIME_SLOT_ID ?? fail(`line ${s.line}`, 'TIME_SLOT_ID', 'missing');
    const raw = s.attributes.TIME_VALUE;
    const ms = raw === undefined ? null : Number(raw);
    if (ms !== null && !(Number.isInteger(ms) && ms >= 0)) {
      fail(`time slot ${id}`, 'TIME_VALUE', `"${raw}" is not a whole number of milliseconds`);
    }
    slots.set(id, ms);
  }

  const timesOf = new Map<string, { startMs: number; endMs: number }>();
  const refs: { tier: number; id: string; ref: string; text: string; line: number }[] = [];
  const tiers: Tier[] = childrenNamed(root, 'TIER').map((t, tierIndex) => {
    const name = t.attributes.TIER_ID ?? fail(`line ${t.line}`, 'TIER_ID', 'a tier without an id');
    const intervals: Interval[] = [];
    for (const a of childrenNamed(t, 'ANNOTATION').flatMap((x) => x.children)) {
      const id = a.attributes.ANNOTATION_ID ?? fail(`tier "${name}", line ${a.line}`, 'ANNOTATION_ID', 'missing');
      const text = childrenNamed(a, 'ANNOTATION_VALUE')[0]?.text ?? '';
      const record = `tier "${name}", annotation ${id}`;
      if (a.name === 'REF_ANNOTATION') {
        const ref = a.attributes.ANNOTATION_REF ?? fail(record, 'ANNOTATION_REF', 'missing');
        refs.push({ tier: tierIndex, id, ref, text, line: a.line });
        continue;
      }
      if (a.name !== 'ALIGNABLE_ANNOTATION') fail(record, a.name, 'not an annotation ELAN defines');
      const time = (field: string): number => {
        const ref = a.attributes[field] ?? fail(record, field, 'missing');
        const ms = slots.get(ref);
        if (ms === undefined) return fail(record, field, `no time slot "${ref}"`);
        return ms ?? fail(record, field, `time slot "${ref}" has no time (unaligned)`);
      };
      const interval = { startMs: time('TIME_SLOT_REF1'), endMs: time('TIME_SLOT_REF2'), text, site: record };
      if (interval.endMs < interval.startMs) fail(record, 'TIME_SLOT_REF2', 'ends before it starts');
      timesOf.set(id, interval);
      intervals.push(interval);
    }
    return {
      name,
      intervals,
      ...(t.attributes.ANNOTATOR ? { annotator: t.attributes.ANNOTATOR } : {}),
      ...(t.attributes.PARTICIPANT ? { participant: t.attributes.PARTICIPANT } : {}),
    };
  });

  // References may point at references; each pass resolves those whose target has times, until none is left.
  let open = refs;
  while (open.length) {
    const next = open.filter((r) => {
      const times = timesOf.get(r.ref);
      if (!times) return true;
      timesOf.set(r.id, times);
      const record = `tier "${tiers[r.tier].name}", annotation ${r.id}`;
      tiers[r.tier].intervals.push({ ...times, text: r.text, site: record });
      return false;
    });
    if (next.length === open.length) {
      const r = next[0];
      fail(`tier "${tiers[r.tier].name}", annotation ${r.id}`, 'ANNOTATION_REF', `no annotation "${r.ref}" with times`);
    }
    open = next;
  }
  for (const t of tiers) t.intervals.sort((a, b) => a.startMs - b.startMs);
  const durationMs = Math.max(0, ...tiers.flatMap((t) => t.intervals.map((i) => i.endMs)));
  return { durationMs, tiers };
}
