/**
 * End to end: a generic JSONL whose turns carry no times, with stereo call audio, is imported through the Import
 * dialog; the import aligns the turns to the audio, the transcript marks their times estimated, follows playback, and
 * a click on a turn seeks into that turn's speech.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/browser';
import { startHost, type TestHost } from './support/host';
import { StudioPage } from './pages/studio-page';
import { ImportPage } from './pages/import-page';
import { TranscriptPage } from './pages/transcript-page';
import { writeUntimedStudy, type UntimedStudy } from '../test-support/untimed-call';

let host: TestHost;
let browser: Browser;
let page: Page;
let studio: StudioPage;
let importer: ImportPage;
let transcript: TranscriptPage;
let work: string;
let study: UntimedStudy;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'earshot-e2e-align-'));
  study = await writeUntimedStudy(work, [31, 32]);
  host = await startHost();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  studio = new StudioPage(page);
  importer = new ImportPage(page);
  transcript = new TranscriptPage(page);
  await studio.open(host.url);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await host?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('aligning untimed turns to the call audio', () => {
  it('imports the untimed calls and says how many turns it aligned', async () => {
    await importer.open();
    await importer.importPath(study.jsonl, 'Untimed calls');
    expect(await importer.summary()).toContain('16 turns aligned to the audio (times estimated)');
    await importer.openStudy();
    await studio.openEpisode('call-0');
    expect(await transcript.estimatedMarks()).toBe(8);
    const times = await transcript.times();
    expect(times.every((t) => t.startMs !== null && t.endMs! > t.startMs)).toBe(true);
  }, 90_000);

  it('follows playback: the highlighted turn is the one the audio has reached', async () => {
    const times = await transcript.times();
    await transcript.click(2);
    await studio.press(' ');
    await studio.waitForTime((t) => t * 1000 > times[3].startMs! + 150, 20_000);
    await studio.press(' ');
    const now = (await studio.mediaTime()) * 1000;
    const reached = times.findLastIndex((t) => t.startMs! <= now);
    expect(reached).toBeGreaterThanOrEqual(3);
    await expect.poll(() => studio.activeTurnIndex()).toBe(reached);
  }, 40_000);

  it('seeks into the turn clicked: within its estimated times and within the clip really spoken there', async () => {
    const times = await transcript.times();
    const truth = study.calls[0].truth;
    for (const index of [5, 1]) {
      await transcript.click(index);
      await studio.waitForTime((t) => Math.abs(t * 1000 - times[index].startMs!) < 100);
      const ms = (await studio.mediaTime()) * 1000;
      expect(ms).toBeGreaterThanOrEqual(times[index].startMs!);
      expect(ms).toBeLessThan(times[index].endMs!);
      expect(ms).toBeGreaterThan(truth[index].startMs - 150);
      expect(ms).toBeLessThan(truth[index].endMs);
      await expect.poll(() => studio.activeTurnIndex()).toBe(index);
    }
    await studio.screenshotAtBothSizes('alignment-episode');
  }, 40_000);

  it('re-aligns the call with another VAD mode from the control above the transcript', async () => {
    expect(await transcript.realign(2)).toBe('8 turns re-aligned');
    await studio.waitForWaveform();
    expect(await transcript.estimatedMarks()).toBe(8);
    const times = await transcript.times();
    const speakers = study.calls[0].turns.map((t) => t.speaker);
    for (const who of ['user', 'agent']) {
      const mine = times.filter((_, i) => speakers[i] === who);
      mine.forEach((t, i) => expect(t.startMs!).toBeGreaterThanOrEqual(i ? mine[i - 1].endMs! : 0));
    }
    await studio.screenshotAtBothSizes('alignment-realigned');
  }, 40_000);
});
