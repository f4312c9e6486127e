/**
 * End to end: ELAN, Praat and Audacity files imported onto the open call from the episode header's "Import from…"
 * panel — an ELAN file's region becomes the annotator's, a TextGrid the studio exported comes back the same, and a
 * broken file is refused with its message while nothing changes.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/browser';
import { startSeededHost } from './support/seeded-host';
import type { TestHost } from './support/host';
import { StudioPage } from './pages/studio-page';
import { LabelsPage } from './pages/labels-page';
import { TranscriptPage } from './pages/transcript-page';
import { WaveformPage } from './pages/waveform-page';
import { AnnotationExportPage } from './pages/annotation-export-page';
import { readTextGrid } from '../main/exchange-formats/textgrid-read';

const CALL = 'demo-airline-change-flight';
const SHOTS = '/tmp/shots-import-annotations';

/**
 * An ELAN file with one region, written by hand after the EAF 3.0 schema (http://www.mpi.nl/tools/elan/EAFv3.0.xsd):
 * two time slots in milliseconds and one time-alignable tier named `regions` (no speaker tiers: no turns).
 */
const ONE_REGION_EAF = `<?xml version="1.0" encoding="UTF-8"?>
<ANNOTATION_DOCUMENT AUTHOR="" DATE="2026-01-02T03:04:05+00:00" FORMAT="3.0" VERSION="3.0"
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xsi:noNamespaceSchemaLocation="http://www.mpi.nl/tools/elan/EAFv3.0.xsd">
    <HEADER MEDIA_FILE="" TIME_UNITS="milliseconds"/>
    <TIME_ORDER>
        <TIME_SLOT TIME_SLOT_ID="ts1" TIME_VALUE="2000"/>
        <TIME_SLOT TIME_SLOT_ID="ts2" TIME_VALUE="4500"/>
    </TIME_ORDER>
    <TIER LINGUISTIC_TYPE_REF="default-lt" TIER_ID="regions">
        <ANNOTATION>
            <ALIGNABLE_ANNOTATION ANNOTATION_ID="a1" TIME_SLOT_REF1="ts1" TIME_SLOT_REF2="ts2">
                <ANNOTATION_VALUE>agent &lt;b&gt;talks over&lt;/b&gt; the caller</ANNOTATION_VALUE>
            </ALIGNABLE_ANNOTATION>
        </ANNOTATION>
    </TIER>
    <LINGUISTIC_TYPE GRAPHIC_REFERENCES="false" LINGUISTIC_TYPE_ID="default-lt" TIME_ALIGNABLE="true"/>
</ANNOTATION_DOCUMENT>
`;

/** Praat's long text format with the second interval's xmax not a number (line 22). */
const BROKEN_TEXTGRID = `File type = "ooTextFile"
Object class = "TextGrid"

xmin = 0
xmax = 10
tiers? <exists>
size = 1
item []:
    item [1]:
        class = "IntervalTier"
        name = "Rae Quinn/regions"
        xmin = 0
        xmax = 10
        intervals: size = 2
        intervals [1]:
            xmin = 0
            xmax = 4.5
            text = "replaces everything"
        intervals [2]:
            xmin = 4.5
            xmax = soon
            text = "never read"
`;

let host: TestHost;
let browser: Browser;
let page: Page;
let studio: StudioPage;
let tools: AnnotationExportPage;
let transcript: TranscriptPage;
let waveform: WaveformPage;
const dir = mkdtempSync(join(tmpdir(), 'earshot-import-annotations-'));

/** Saves the window at both sizes and keeps a copy of each under SHOTS. */
async function shoot(name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const path of await studio.screenshotAtBothSizes(name)) copyFileSync(path, join(SHOTS, basename(path)));
}

beforeAll(async () => {
  host = await startSeededHost();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  studio = new StudioPage(page);
  tools = new AnnotationExportPage(page);
  transcript = new TranscriptPage(page);
  waveform = new WaveformPage(page);
  await studio.open(host.url);
  await new LabelsPage(page).addAnnotator('Rae Quinn');
  await studio.openEpisode(CALL);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await host?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('import from annotation tools', () => {
  it('imports an ELAN file with one region as the annotator’s: on the waveform and in the regions panel', async () => {
    const turnsBefore = await transcript.times();
    const file = join(dir, 'one-region.eaf');
    writeFileSync(file, ONE_REGION_EAF);
    const outcome = await tools.importFile(file);
    expect(outcome).toEqual({
      regions: '1 region of Rae Quinn from tier “regions” (had 0)',
      turns: 'no turns in the file',
      leftOut: [],
    });
    // 2000 ms and 4500 ms as the studio writes times (m:ss.s); the label is the file's text, not markup
    await expect
      .poll(() => tools.listedRegions())
      .toEqual([{ time: '0:02.0–0:04.5', label: 'agent <b>talks over</b> the caller' }]);
    await expect.poll(() => waveform.canvas().getAttribute('data-regions')).toBe('1');
    await expect.poll(() => waveform.drawnRegions()).toBe(1);
    expect(await transcript.times()).toEqual(turnsBefore);
    await shoot('annotation-import');
  });

  it('takes back a Praat TextGrid the studio exported: the same turns and regions', async () => {
    const regionsBefore = await tools.listedRegions();
    const turnsBefore = await transcript.times();
    const texts = await studio.turns().allTextContents();
    await tools.closeImport();
    const name = await tools.exportAs('textgrid', join(dir, 'call.TextGrid'));
    expect(name).toBe(`${CALL}.TextGrid`);
    // the file's turns: the labelled intervals of its speaker tiers (the call's tool turns are not exported)
    const grid = readTextGrid(readFileSync(join(dir, 'call.TextGrid'), 'utf8'), name);
    const spoken = grid.tiers
      .filter((t) => /^(user|agent)( \(\d+\))?$/.test(t.name))
      .flatMap((t) => t.intervals.filter((i) => i.text.trim() !== '')).length;
    expect(spoken).toBeGreaterThan(1);
    const outcome = await tools.importFile(join(dir, 'call.TextGrid'), { replaceTurns: true });
    if ('error' in outcome) throw new Error(outcome.error);
    expect(outcome.regions).toBe('1 region of Rae Quinn from tier “Rae Quinn/regions” (had 1)');
    // asked to replace, the turns are kept: the file's are the call's own, speaker, times and text alike
    expect(outcome.turns).toBe(`the call's ${turnsBefore.length} turns kept (${spoken} in the file)`);
    expect(await tools.listedRegions()).toEqual(regionsBefore);
    expect(await transcript.times()).toEqual(turnsBefore);
    expect(await studio.turns().allTextContents()).toEqual(texts);
  });

  it('refuses a broken file naming the file, tier and field, and changes nothing', async () => {
    const regionsBefore = await tools.listedRegions();
    const turnsBefore = await transcript.times();
    const file = join(dir, 'broken.TextGrid');
    writeFileSync(file, BROKEN_TEXTGRID);
    const outcome = await tools.importFile(file, { replaceTurns: true });
    // the TextGrid reader's fault for a value that is no number (main/exchange-formats/textgrid-read.ts)
    expect(outcome).toEqual({
      error:
        'Not imported, nothing changed: broken.TextGrid: line 22: tier "Rae Quinn/regions", intervals [2] xmax: ' +
        'expected a number',
    });
    await shoot('annotation-import-error');
    const empty = join(dir, 'empty.eaf');
    writeFileSync(empty, '');
    expect(await tools.importFile(empty)).toEqual({
      error: 'Not imported, nothing changed: empty.eaf: (file): (size): the file is empty',
    });
    // what the server keeps, read again after a reload
    await page.reload();
    await studio.openEpisode(CALL);
    await expect.poll(() => tools.listedRegions()).toEqual(regionsBefore);
    expect(await transcript.times()).toEqual(turnsBefore);
  });
});
