/**
 * End to end in Chromium on the benchmark fixtures: the reference panel beside the labels (VERA's expected answer and
 * context document, τ-Elicitation's gold values against the submitted ones and the complication, τ²'s expected
 * actions), kept as text, hidden until commit when the study says so; and the speech-activity timeline a τ² call
 * without audio gets in place of the waveform.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { fixture, repoRoot } from '../test-support/fixtures';
import { launchChromium } from './support/browser';
import { startHost, type TestHost } from './support/host';
import { StudioPage } from './pages/studio-page';
import { LabelsPage } from './pages/labels-page';
import { MetricsPage } from './pages/metrics-page';
import { ReferencePage } from './pages/reference-page';
import { TimelinePage } from './pages/timeline-page';

const VERA = 'VERA sample';
const ELICIT = 'τ-Elicitation archive';
const TAU2 = 'τ-Voice experiment';
const MARKUP = 'Markup check';
/** Text that would run or draw something if it were ever taken as HTML. */
const HOSTILE_ANSWER = '<img src=x onerror="window.__injected=1"> 30 days';
const HOSTILE_DOC = '<b>Returns</b> policy.<script>window.__injected=2</script>\nUnopened items: thirty days.';

let host: TestHost;
let browser: Browser;
let page: Page;
let studio: StudioPage;
let labels: LabelsPage;
let studies: MetricsPage;
let reference: ReferencePage;
let timeline: TimelinePage;
let dir: string;

/** Imports into the host's database through the CLI (the host reads the same SQLite file). */
function importIntoHost(path: string, study: string): void {
  const args = [join(repoRoot, 'bin', 'earshot.mjs'), 'import', path, '--db', host.dbPath, '--study', study, '--json'];
  const env = { ...process.env, EARSHOT_HOME: host.home };
  const res = spawnSync(process.execPath, args, { cwd: repoRoot, encoding: 'utf8', env });
  if (res.status !== 0) throw new Error(`import of ${path} failed: ${res.stderr}`);
}

/** Shows `study` in the studio and opens its call `externalId` (with or without audio). */
async function openCall(study: string, externalId: string): Promise<void> {
  await studies.selectStudy(study);
  await studio.openCall(externalId);
}

beforeAll(async () => {
  host = await startHost();
  dir = mkdtempSync(join(tmpdir(), 'earshot-e2e-reference-'));
  importIntoHost(fixture('vera', 'test_voice_episodes'), VERA);
  importIntoHost(fixture('tau-elicitation'), ELICIT);
  importIntoHost(fixture('tau2-voice', 'experiment'), TAU2);
  const markup = join(dir, 'markup.jsonl');
  const lines = [
    { schema: 'earshot-study-v1', name: MARKUP, benchmark: 'generic' },
    {
      schema: 'earshot-episode-v1',
      id: 'markup-call',
      turns: [{ speaker: 'user', text: 'How long do I have to return it?' }],
      info: { answer: { expected: HOSTILE_ANSWER, given: 'sixty days' }, document: HOSTILE_DOC },
    },
  ];
  writeFileSync(markup, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  importIntoHost(markup, MARKUP);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  studio = new StudioPage(page);
  labels = new LabelsPage(page);
  studies = new MetricsPage(page);
  reference = new ReferencePage(page);
  timeline = new TimelinePage(page);
  await studio.open(host.url);
});

afterAll(async () => {
  await browser?.close();
  await host?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the reference panel on VERA', () => {
  it('shows a short expected answer whole, with no document', async () => {
    await openCall(VERA, 'vera_aime_0a923d23');
    await expect(reference.expected().textContent()).resolves.toBe('117');
    await expect(reference.expectedOpen()).resolves.toBe('');
    await expect(reference.documents().count()).resolves.toBe(0);
  });

  it('collapses the long-context answer and the 42 K-character context document until opened', async () => {
    await openCall(VERA, 'vera_mrcr_00c44580');
    await expect(reference.expectedOpen()).resolves.toBe('false');
    await expect(reference.documents().count()).resolves.toBe(1);
    await expect(reference.documentText(0)).resolves.toBeNull();
    await studio.screenshotAtBothSizes('reference-vera-collapsed');
    await reference.toggleExpected();
    await expect(reference.expectedOpen()).resolves.toBe('true');
    const text = await reference.openDocument(0);
    const content = (await text.textContent()) ?? '';
    expect(content.startsWith('User: Here are some examples of conversations')).toBe(true);
    expect(content.length).toBeGreaterThan(40_000);
    await studio.screenshotAtBothSizes('reference-vera-open');
  });
});

describe('imported text in the reference panel', () => {
  it('is shown as the characters it is, never taken as markup', async () => {
    await openCall(MARKUP, 'markup-call');
    await expect(reference.expected().textContent()).resolves.toBe(HOSTILE_ANSWER);
    const doc = await reference.openDocument(0);
    await expect(doc.textContent()).resolves.toBe(HOSTILE_DOC);
    await expect(reference.elementsInImportedText()).resolves.toBe(0);
    await expect(page.evaluate(() => (window as { __injected?: number }).__injected)).resolves.toBeUndefined();
  });
});

describe('the reference panel on τ-Elicitation', () => {
  it('sets the gold value against the submitted one and marks where they differ, with the complication', async () => {
    await openCall(ELICIT, '04fcaa9c-0ee3-4b34-a505-b199d40d233c');
    await expect(reference.field('contact_email')).resolves.toEqual({
      status: 'differs',
      gold: 'john.g-2@qorvexmail.io',
      submitted: 'j@mail.io',
      marked: ['ohn.g-2@qorvex', '@'],
    });
    await expect(reference.fieldsSummary()).resolves.toBe('1 of 1 not captured');
    await expect(reference.complication()).resolves.toEqual({ kind: 'spell_correction', shown: 'spell correction' });
    await studio.screenshotAtBothSizes('reference-elicitation-differs');
  });

  it('shows a captured value as a match and a value never submitted as missing', async () => {
    await openCall(ELICIT, '0185696e-6f17-46c9-909b-ee02a247b547');
    await expect(reference.field('date_of_birth')).resolves.toMatchObject({ status: 'match', marked: [] });
    await expect(reference.fieldsSummary()).resolves.toBe('all captured');
    await openCall(ELICIT, '02cd5ecc-130f-449d-be13-c0faa86ca6cd');
    await expect(reference.field('current_medication')).resolves.toMatchObject({
      status: 'missing',
      gold: 'Warfarin 2 mg tablet',
      submitted: '–',
    });
    await expect(reference.complication()).resolves.toMatchObject({ kind: 'mispronounced_term' });
  });

  it('is hidden until the annotator commits when the study says so, then shown', async () => {
    await studies.selectStudy(ELICIT);
    await labels.addAnnotator('Ana Reyes');
    await labels.tab('setup');
    await reference.setHiddenUntilCommit(true);
    await labels.tab('label');
    await studio.openCall('0738e932-0e72-4cf7-bb26-e13bc0ed4727');
    await reference.hiddenNotice().waitFor();
    await expect(reference.panel().count()).resolves.toBe(0);
    await studio.screenshotAtBothSizes('reference-hidden');
    await reference.commitLabels();
    await reference.panel().waitFor();
    await expect(reference.field('contact_phone')).resolves.toEqual({
      status: 'formatting',
      gold: '+44 20 7946 0103',
      submitted: '+442079460103',
      marked: [],
    });
    await labels.tab('setup');
    await reference.setHiddenUntilCommit(false);
    await labels.tab('label');
  });
});

describe('the speech-activity timeline of a τ² call without audio', () => {
  it('draws both lanes from the ticks in place of "No audio", with latencies, overlaps and silences', async () => {
    await openCall(TAU2, '49b22f0c-4a56-41c5-922f-bc2a56e53a23');
    await timeline.waitForTimeline();
    await expect(timeline.noAudioNotice().count()).resolves.toBe(0);
    const bars = await timeline.bars();
    expect(bars.length).toBe(await studio.turns().count());
    expect(new Set(bars.map((b) => b.side))).toEqual(new Set(['user', 'agent']));
    const [userY, agentY] = ['user', 'agent'].map((side) => bars.find((b) => b.side === side)!.box.y);
    expect(agentY).toBeGreaterThan(userY);
    await expect(timeline.count('latency-mark')).resolves.toBeGreaterThan(0);
    await expect(timeline.count('overlap-mark')).resolves.toBe(await timeline.transcriptOverlaps().count());
    await expect(timeline.count('silence-mark')).resolves.toBeGreaterThan(0);
    await expect(reference.missingNote()).resolves.toMatch(/^No expected actions/);
    await studio.screenshotAtBothSizes('timeline-tau2');
  });

  it('moves the transcript to the turn clicked on the timeline, and the cursor to a turn clicked in it', async () => {
    const bars = await timeline.bars();
    const first = bars[0];
    await timeline.clickBar(first);
    await expect.poll(() => timeline.activeBarStartMs()).toBe(first.startMs);
    await expect.poll(() => timeline.activeTurnStartMs()).toBe(first.startMs);
    const tenth = studio.turns().nth(9);
    const start = Number(await tenth.getAttribute('data-start-ms'));
    await tenth.click();
    await expect.poll(() => timeline.cursorMs()).toBe(start + 1);
    await expect.poll(() => timeline.activeBarStartMs()).toBe(start);
    await studio.screenshotAtBothSizes('timeline-tau2-clicked');
  });

  it('keeps "No audio" for a call whose turns carry no times', async () => {
    await openCall(ELICIT, '04fcaa9c-0ee3-4b34-a505-b199d40d233c');
    await timeline.noAudioNotice().waitFor();
    await expect(timeline.timeline().count()).resolves.toBe(0);
  });
});
