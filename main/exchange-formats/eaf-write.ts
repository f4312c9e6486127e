/**
 * Writes tiers as an ELAN annotation document (EAF 3.0, the schema at http://www.mpi.nl/tools/elan/EAFv3.0.xsd):
 * one TIME_SLOT per distinct time in milliseconds, one TIER per tier with ALIGNABLE_ANNOTATIONs, one time-alignable
 * linguistic type. Element order follows the schema: HEADER, TIME_ORDER, TIER, LINGUISTIC_TYPE, CONSTRAINT.
 */
import { escapeXml } from './xml-reader';
import { withoutOverlaps, type TierDocument } from './tiers';

/** The linguistic type every written tier refers to. */
export const EAF_LINGUISTIC_TYPE = 'earshot-interval';

/** What the header says: who wrote the file, when, and the call's audio when there is one. */
export interface EafMeta {
  author: string;
  date: Date;
  media?: { url: string; mimeType: string };
}

const attrs = (pairs: [string, string | undefined][]): string =>
  pairs
    .filter((p): p is [string, string] => p[1] !== undefined)
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('');

/** The EAF text of `doc`; tiers whose intervals overlap are split into several ELAN tiers. */
export function writeEaf(doc: TierDocument, meta: EafMeta): string {
  const tiers = doc.tiers.flatMap(withoutOverlaps);
  const times = [...new Set(tiers.flatMap((t) => t.intervals.flatMap((i) => [i.startMs, i.endMs])))].sort(
    (a, b) => a - b,
  );
  const slot = new Map(times.map((ms, k) => [ms, `ts${k + 1}`]));
  let annotations = 0;
  const tierXml = tiers.map((t) => {
    const head = `    <TIER${attrs([
      ['LINGUISTIC_TYPE_REF', EAF_LINGUISTIC_TYPE],
      ['TIER_ID', t.name],
      ['PARTICIPANT', t.participant],
      ['ANNOTATOR', t.annotator],
    ])}`;
    if (!t.intervals.length) return `${head}/>`;
    const body = t.intervals.map((i) => {
      const id = `a${++annotations}`;
      const refs = attrs([
        ['ANNOTATION_ID', id],
        ['TIME_SLOT_REF1', slot.get(i.startMs)],
        ['TIME_SLOT_REF2', slot.get(i.endMs)],
      ]);
      return (
        `        <ANNOTATION>\n            <ALIGNABLE_ANNOTATION${refs}>\n` +
        `                <ANNOTATION_VALUE>${escapeXml(i.text)}</ANNOTATION_VALUE>\n` +
        `            </ALIGNABLE_ANNOTATION>\n        </ANNOTATION>`
      );
    });
    return `${head}>\n${body.join('\n')}\n    </TIER>`;
  });
  const media = meta.media
    ? `\n        <MEDIA_DESCRIPTOR${attrs([
        ['MEDIA_URL', meta.media.url],
        ['MIME_TYPE', meta.media.mimeType],
      ])}/>`
    : '';
  const slots = times.map((ms) => `        <TIME_SLOT TIME_SLOT_ID="${slot.get(ms)}" TIME_VALUE="${ms}"/>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<ANNOTATION_DOCUMENT${attrs([
      ['AUTHOR', meta.author],
      ['DATE', meta.date.toISOString()],
      ['FORMAT', '3.0'],
      ['VERSION', '3.0'],
      ['xmlns:xsi', 'http://www.w3.org/2001/XMLSchema-instance'],
      ['xsi:noNamespaceSchemaLocation', 'http://www.mpi.nl/tools/elan/EAFv3.0.xsd'],
    ])}>`,
    `    <HEADER MEDIA_FILE="" TIME_UNITS="milliseconds">${media}`,
    `        <PROPERTY NAME="lastUsedAnnotationId">${annotations}</PROPERTY>`,
    '    </HEADER>',
    slots.length ? `    <TIME_ORDER>\n${slots.join('\n')}\n    </TIME_ORDER>` : '    <TIME_ORDER/>',
    ...tierXml,
    `    <LINGUISTIC_TYPE GRAPHIC_REFERENCES="false" LINGUISTIC_TYPE_ID="${EAF_LINGUISTIC_TYPE}"` +
      ' TIME_ALIGNABLE="true"/>',
    '</ANNOTATION_DOCUMENT>',
    '',
  ].join('\n');
}
