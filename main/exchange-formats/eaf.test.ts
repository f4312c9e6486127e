import { describe, expect, it } from 'vitest';
import { readEaf } from './eaf-read';
import { EAF_LINGUISTIC_TYPE, writeEaf } from './eaf-write';
import { parseXml, type XmlElement } from './xml-reader';
import type { TierDocument } from './tiers';

/**
 * A document as ELAN 6 saves one, following the EAF 3.0 schema (http://www.mpi.nl/tools/elan/EAFv3.0.xsd) and the
 * examples of ELAN's "EAF Annotation Format" description (mpi.nl/tools/elan/EAF_Annotation_Format_3.0_and_ELAN.pdf):
 * a time-alignable tier per participant, a symbolic-association tier (REF_ANNOTATION) under one of them, an
 * unaligned time slot, the standard constraints.
 */
const ELAN_SAVED = `<?xml version="1.0" encoding="UTF-8"?>
<ANNOTATION_DOCUMENT AUTHOR="" DATE="2024-03-05T10:11:12+01:00" FORMAT="3.0" VERSION="3.0"
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xsi:noNamespaceSchemaLocation="http://www.mpi.nl/tools/elan/EAFv3.0.xsd">
    <HEADER MEDIA_FILE="" TIME_UNITS="milliseconds">
        <MEDIA_DESCRIPTOR MEDIA_URL="file:///C:/calls/both.wav" MIME_TYPE="audio/x-wav"
            RELATIVE_MEDIA_URL="./both.wav"/>
        <PROPERTY NAME="URN">urn:nl-mpi-tools-elan-eaf:0b0c7a6e-3f1d-4c8e-9a43-1f6f2d1d7a11</PROPERTY>
        <PROPERTY NAME="lastUsedAnnotationId">4</PROPERTY>
    </HEADER>
    <TIME_ORDER>
        <TIME_SLOT TIME_SLOT_ID="ts1" TIME_VALUE="1200"/>
        <TIME_SLOT TIME_SLOT_ID="ts2" TIME_VALUE="3400"/>
        <TIME_SLOT TIME_SLOT_ID="ts3"/>
        <TIME_SLOT TIME_SLOT_ID="ts4" TIME_VALUE="3900"/>
        <TIME_SLOT TIME_SLOT_ID="ts5" TIME_VALUE="6150"/>
    </TIME_ORDER>
    <TIER LINGUISTIC_TYPE_REF="default-lt" PARTICIPANT="caller" TIER_ID="user">
        <ANNOTATION>
            <ALIGNABLE_ANNOTATION ANNOTATION_ID="a1" TIME_SLOT_REF1="ts1" TIME_SLOT_REF2="ts2">
                <ANNOTATION_VALUE>I&apos;d like to change my flight</ANNOTATION_VALUE>
            </ALIGNABLE_ANNOTATION>
        </ANNOTATION>
    </TIER>
    <TIER LINGUISTIC_TYPE_REF="default-lt" PARTICIPANT="agent" TIER_ID="agent">
        <ANNOTATION>
            <ALIGNABLE_ANNOTATION ANNOTATION_ID="a2" TIME_SLOT_REF1="ts4" TIME_SLOT_REF2="ts5">
                <ANNOTATION_VALUE>Sure &#8212; what&apos;s the booking code?</ANNOTATION_VALUE>
            </ALIGNABLE_ANNOTATION>
        </ANNOTATION>
    </TIER>
    <TIER LINGUISTIC_TYPE_REF="translation" PARENT_REF="user" PARTICIPANT="caller" TIER_ID="user-gloss">
        <ANNOTATION>
            <REF_ANNOTATION ANNOTATION_ID="a3" ANNOTATION_REF="a1">
                <ANNOTATION_VALUE>asks to rebook</ANNOTATION_VALUE>
            </REF_ANNOTATION>
        </ANNOTATION>
    </TIER>
    <TIER ANNOTATOR="Ana Lima" LINGUISTIC_TYPE_REF="default-lt" TIER_ID="regions"/>
    <LINGUISTIC_TYPE GRAPHIC_REFERENCES="false" LINGUISTIC_TYPE_ID="default-lt" TIME_ALIGNABLE="true"/>
    <LINGUISTIC_TYPE CONSTRAINTS="Symbolic_Association" GRAPHIC_REFERENCES="false" LINGUISTIC_TYPE_ID="translation"
        TIME_ALIGNABLE="false"/>
    <CONSTRAINT
        DESCRIPTION="Time subdivision of parent annotation's time interval, no time gaps allowed within this interval"
        STEREOTYPE="Time_Subdivision"/>
    <CONSTRAINT
        DESCRIPTION="Symbolic subdivision of a parent annotation. Annotations refering to the same parent are ordered"
        STEREOTYPE="Symbolic_Subdivision"/>
    <CONSTRAINT
        DESCRIPTION="1-1 association with a parent annotation"
        STEREOTYPE="Symbolic_Association"/>
    <CONSTRAINT
        DESCRIPTION="Time alignable annotations within the parent annotation's time interval, gaps are allowed"
        STEREOTYPE="Included_In"/>
</ANNOTATION_DOCUMENT>
`;

/** The order of ANNOTATION_DOCUMENT's children in the EAF 3.0 schema's sequence. */
const SEQUENCE = ['HEADER', 'TIME_ORDER', 'TIER', 'LINGUISTIC_TYPE', 'LOCALE', 'LANGUAGE', 'CONSTRAINT'];
/** Attributes the schema marks use="required", by element. */
const REQUIRED: Record<string, string[]> = {
  ANNOTATION_DOCUMENT: ['DATE', 'AUTHOR', 'VERSION'],
  TIME_SLOT: ['TIME_SLOT_ID'],
  TIER: ['TIER_ID', 'LINGUISTIC_TYPE_REF'],
  ALIGNABLE_ANNOTATION: ['ANNOTATION_ID', 'TIME_SLOT_REF1', 'TIME_SLOT_REF2'],
  LINGUISTIC_TYPE: ['LINGUISTIC_TYPE_ID'],
};

/** The schema rules a written document must keep: sequence, required attributes, unique ids, resolvable refs. */
function schemaProblems(root: XmlElement): string[] {
  const problems: string[] = [];
  const order = root.children.map((c) => SEQUENCE.indexOf(c.name));
  if (order.some((k, i) => k < 0 || (i > 0 && k < order[i - 1])))
    problems.push(`order ${root.children.map((c) => c.name)}`);
  const all: XmlElement[] = [];
  const walk = (e: XmlElement) => (all.push(e), e.children.forEach(walk));
  walk(root);
  for (const e of all)
    for (const a of REQUIRED[e.name] ?? []) if (!(a in e.attributes)) problems.push(`${e.name} lacks ${a}`);
  const ids = all.flatMap((e) => [e.attributes.TIME_SLOT_ID, e.attributes.ANNOTATION_ID].filter(Boolean));
  if (new Set(ids).size !== ids.length) problems.push('duplicate ids');
  const slots = new Set(all.filter((e) => e.name === 'TIME_SLOT').map((e) => e.attributes.TIME_SLOT_ID));
  for (const e of all.filter((x) => x.name === 'ALIGNABLE_ANNOTATION')) {
    if (!slots.has(e.attributes.TIME_SLOT_REF1) || !slots.has(e.attributes.TIME_SLOT_REF2))
      problems.push('dangling slot');
  }
  const types = new Set(all.filter((e) => e.name === 'LINGUISTIC_TYPE').map((e) => e.attributes.LINGUISTIC_TYPE_ID));
  for (const t of all.filter((x) => x.name === 'TIER'))
    if (!types.has(t.attributes.LINGUISTIC_TYPE_REF)) problems.push('type');
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/.test(root.attributes.DATE ?? '')) problems.push('DATE is not an xsd:dateTime');
  return problems;
}

const HOSTILE = `<script>alert(1)</script> & "quotes" =SUM(A1:A9)`;

const doc: TierDocument = {
  durationMs: 9000,
  tiers: [
    { name: 'user', participant: 'user', intervals: [{ startMs: 0, endMs: 1500, text: 'hello' }] },
    { name: 'agent', participant: 'agent', intervals: [{ startMs: 1500, endMs: 4000, text: HOSTILE }] },
    {
      name: 'Ana Lima/regions',
      annotator: 'Ana Lima',
      intervals: [
        { startMs: 1000, endMs: 3000, text: 'overlap' },
        { startMs: 2000, endMs: 2500, text: '' },
      ],
    },
  ],
};

describe('ELAN documents (EAF 3.0)', () => {
  it('reads a document as ELAN saves it: tiers by id, times from slots, references take their parent’s times', () => {
    const read = readEaf(ELAN_SAVED, 'call.eaf');
    expect(read.tiers.map((t) => t.name)).toEqual(['user', 'agent', 'user-gloss', 'regions']);
    expect(read.tiers[0].intervals).toEqual([
      { startMs: 1200, endMs: 3400, text: "I'd like to change my flight", site: 'tier "user", annotation a1' },
    ]);
    expect(read.tiers[1].intervals[0].text).toBe("Sure — what's the booking code?");
    expect(read.tiers[2].intervals[0]).toMatchObject({ startMs: 1200, endMs: 3400, text: 'asks to rebook' });
    expect(read.tiers[3]).toMatchObject({ annotator: 'Ana Lima', intervals: [] });
    expect(read.durationMs).toBe(6150);
  });

  it('writes a document the schema’s rules accept, overlapping intervals on tiers of their own', () => {
    const xml = writeEaf(doc, { author: 'Ana Lima', date: new Date('2024-05-06T07:08:09Z') });
    const root = parseXml(xml, 'out.eaf');
    expect(schemaProblems(root)).toEqual([]);
    expect(schemaProblems(parseXml(ELAN_SAVED, 'elan.eaf'))).toEqual([]);
    expect(root.attributes).toMatchObject({
      FORMAT: '3.0',
      VERSION: '3.0',
      AUTHOR: 'Ana Lima',
      DATE: '2024-05-06T07:08:09.000Z',
    });
    const tiers = root.children.filter((c) => c.name === 'TIER');
    expect(tiers.map((t) => t.attributes.TIER_ID)).toEqual([
      'user',
      'agent',
      'Ana Lima/regions',
      'Ana Lima/regions (2)',
    ]);
    expect(tiers.every((t) => t.attributes.LINGUISTIC_TYPE_REF === EAF_LINGUISTIC_TYPE)).toBe(true);
    const slots = root.children
      .find((c) => c.name === 'TIME_ORDER')!
      .children.map((s) => Number(s.attributes.TIME_VALUE));
    expect(slots).toEqual([0, 1000, 1500, 2000, 2500, 3000, 4000]);
    expect(xml).not.toContain('<script>');
  });

  it('reads back what it wrote: the same tiers, times and text, markup in text staying text', () => {
    const read = readEaf(writeEaf(doc, { author: '', date: new Date(0) }), 'out.eaf');
    const plain = read.tiers.map((t) => ({ name: t.name, intervals: t.intervals.map(({ site: _s, ...i }) => i) }));
    expect(plain).toEqual([
      { name: 'user', intervals: doc.tiers[0].intervals },
      { name: 'agent', intervals: [{ startMs: 1500, endMs: 4000, text: HOSTILE }] },
      { name: 'Ana Lima/regions', intervals: [doc.tiers[2].intervals[0]] },
      { name: 'Ana Lima/regions (2)', intervals: [doc.tiers[2].intervals[1]] },
    ]);
  });

  it('refuses times in frames, unaligned or missing slots and dangling references, naming tier and annotation', () => {
    expect(() => readEaf(ELAN_SAVED.replace('TIME_UNITS="milliseconds"', 'TIME_UNITS="PAL-frames"'), 'c.eaf')).toThrow(
      'c.eaf: HEADER: TIME_UNITS: "PAL-frames": only milliseconds are read',
    );
    expect(() => readEaf(ELAN_SAVED.replace('TIME_SLOT_REF2="ts5"', 'TIME_SLOT_REF2="ts3"'), 'c.eaf')).toThrow(
      'c.eaf: tier "agent", annotation a2: TIME_SLOT_REF2: time slot "ts3" has no time (unaligned)',
    );
    expect(() => readEaf(ELAN_SAVED.replace('TIME_SLOT_REF1="ts4"', 'TIME_SLOT_REF1="ts9"'), 'c.eaf')).toThrow(
      /annotation a2: TIME_SLOT_REF1: no time slot "ts9"/,
    );
    expect(() => readEaf(ELAN_SAVED.replace('ANNOTATION_REF="a1"', 'ANNOTATION_REF="a7"'), 'c.eaf')).toThrow(
      /tier "user-gloss", annotation a3: ANNOTATION_REF: no annotation "a7" with times/,
    );
    expect(() => readEaf(ELAN_SAVED.replace('TIME_VALUE="6150"', 'TIME_VALUE="6.1"'), 'c.eaf')).toThrow(
      /time slot ts5: TIME_VALUE: "6.1" is not a whole number/,
    );
    expect(() => readEaf('<TextGrid/>', 'c.eaf')).toThrow(/not an ELAN document/);
  });
});
