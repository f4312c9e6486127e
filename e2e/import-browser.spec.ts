/**
 * End to end: the Import dialog's folder browser and Cancel, on hosts of their own (fresh databases with the demo
 * study). A temporary folder this spec fills is browsed from the dialog: what it lists, the path field following the
 * browsing, "Use this folder", a file whose format cannot be told imported as the format chosen, and an import of a
 * large generated JSONL cancelled while it writes, leaving nothing of it in the study list.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { earshotJson } from '../test-support/earshot-cli';
import { fixture } from '../test-support/fixtures';
import { launchChromium } from './support/browser';
import { startSeededHost } from './support/seeded-host';
import type { TestHost } from './support/host';
import { StudioPage } from './pages/studio-page';
import { ImportPage } from './pages/import-page';

/** One generic (earshot-episode-v1) episode line with a user and an agent turn. */
const episodeLine = (id: string) =>
  JSON.stringify({
    schema: 'earshot-episode-v1',
    id,
    system: 'inbox-agent',
    task: 'greeting',
    turns: [
      { speaker: 'user', start_ms: 0, end_ms: 900, text: `hello, this is call ${id}` },
      { speaker: 'agent', start_ms: 1000, end_ms: 2000, text: 'hi, how can I help?' },
    ],
  });

let browser: Browser;
let work: string;
let page: Page;
let studio: StudioPage;
let importer: ImportPage;

beforeAll(async () => {
  browser = await launchChromium();
  work = mkdtempSync(join(tmpdir(), 'earshot-e2e-browse-'));
  // The τ² fixture run (results.json and three simulations), a folder nothing recognises, a generic JSONL, the same
  // kind of lines in a .json file (which detection cannot tell), and files the browser does not offer.
  cpSync(fixture('tau2-voice', 'experiment'), join(work, 'experiment'), { recursive: true });
  mkdirSync(join(work, 'plain'));
  writeFileSync(join(work, 'plain', 'readme.txt'), 'not importable');
  writeFileSync(join(work, 'calls.jsonl'), [episodeLine('c-1'), episodeLine('c-2')].join('\n') + '\n');
  const header = JSON.stringify({ schema: 'earshot-study-v1', name: 'Inbox calls' });
  writeFileSync(join(work, 'inbox.json'), [header, episodeLine('i-1'), episodeLine('i-2')].join('\n') + '\n');
  writeFileSync(join(work, 'notes.txt'), 'not importable');
  writeFileSync(join(work, '.hidden.jsonl'), episodeLine('h-1') + '\n');
});

afterAll(async () => {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Opens the studio on `host` in a fresh browser context, and the Import dialog browsed to `folder`. */
async function openDialogAt(host: TestHost, folder: string): Promise<void> {
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  studio = new StudioPage(page);
  importer = new ImportPage(page);
  await studio.open(host.url);
  await importer.open();
  await page.getByTestId('import-folder').waitFor();
  await importer.browseTo(folder);
}

describe('the import folder browser', () => {
  let host: TestHost;

  beforeEach(async () => {
    host = await startSeededHost();
    await openDialogAt(host, work);
  });

  afterEach(async () => {
    await page?.close();
    await host?.stop();
  });

  it('lists a folder’s subfolders and importable files, and the path field follows the browsing', async () => {
    // Folders first, then files, each by name; hidden entries and files other than .json/.jsonl/.csv are not offered.
    expect(await importer.entries()).toEqual([
      { name: 'experiment', kind: 'folder', format: 'tau2' },
      { name: 'plain', kind: 'folder', format: '' },
      { name: 'calls.jsonl', kind: 'file', format: 'generic' },
      { name: 'inbox.json', kind: 'file', format: '' },
    ]);
    await importer.choose('calls.jsonl');
    expect(await importer.path()).toBe(join(work, 'calls.jsonl'));
    // Browsing where the chosen file is not shown drops it; the folder shown can be chosen instead.
    await importer.clickFolder('plain');
    expect(await importer.entries()).toEqual([]);
    expect(await importer.path()).toBe('');
    expect(await importer.canUseThisFolder()).toBe(true);
    await importer.chooseThisFolder();
    expect(await importer.path()).toBe(join(work, 'plain'));
    expect(await importer.canUseThisFolder()).toBe(false);
    // Up again, the chosen folder is an entry in view, so it stays chosen.
    await importer.up();
    expect(await importer.folder()).toBe(work);
    expect(await importer.path()).toBe(join(work, 'plain'));
    // A recognised folder is chosen by a click and opened by a double click.
    await importer.choose('experiment');
    expect(await importer.path()).toBe(join(work, 'experiment'));
    await importer.openFolder('experiment');
    expect(await importer.path()).toBe(join(work, 'experiment'));
    // A typed path is the user's own: browsing elsewhere keeps it.
    await importer.typePath('/somewhere/typed');
    await importer.up();
    expect(await importer.path()).toBe('/somewhere/typed');
    await studio.screenshotAtBothSizes('views-a-import-browser');
  });

  it('imports the folder it shows, chosen with "Use this folder"', async () => {
    await importer.openFolder('experiment');
    await importer.clickFolder('simulations');
    await importer.up();
    expect(await importer.path()).toBe('');
    await importer.chooseThisFolder();
    expect(await importer.path()).toBe(join(work, 'experiment'));
    await page.getByTestId('import-study').fill('Browsed run');
    // The fixture run holds three simulation files (fixtures README), one episode each.
    expect(await importer.start()).toMatch(/imported 3 episodes/);
    expect(await importer.progressPercent()).toBe(100);
    expect(await importer.summary()).toMatch(/^“Browsed run”: 3 episodes, /);
    await importer.openStudy();
    await expect.poll(() => studio.episodeRows().count()).toBe(3);
    await expect.poll(() => studio.studyOptions()).toContain('Browsed run (3)');
  });

  it('asks for the format of a file it cannot tell, and imports it as the format chosen', async () => {
    await importer.choose('inbox.json');
    expect(await importer.formatNeedsAttention()).toBe(false);
    await page.getByTestId('import-start').click();
    const refusal = page.getByTestId('import-error');
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe(
      `${join(work, 'inbox.json')}: cannot tell the format of this file or folder; choose one`,
    );
    expect(await importer.formatNeedsAttention()).toBe(true);
    await studio.screenshotAtBothSizes('views-a-import-format-unknown');
    await importer.chooseFormat('generic');
    expect(await importer.formatNeedsAttention()).toBe(false);
    // The file's header line names the study; two episode lines with two turns each follow it.
    expect(await importer.start()).toMatch(/imported 2 episodes, 4 turns/);
    expect(await importer.summary()).toMatch(/^“Inbox calls”: 2 episodes, 4 turns, 0 audio files, /);
    await importer.openStudy();
    // The picker's list is read again on the data change the import sends.
    await expect.poll(() => studio.studyOptions()).toContain('Inbox calls (2)');
  });
});

describe('cancelling an import', () => {
  let host: TestHost;
  let bigDir: string;
  /** Episodes in the generated file: enough that writing them takes seconds, so the cancel lands while it runs. */
  const EPISODES = 100_000;

  beforeAll(async () => {
    bigDir = mkdtempSync(join(tmpdir(), 'earshot-e2e-big-'));
    const lines = Array.from({ length: EPISODES }, (_, i) => episodeLine(`big-${i}`));
    writeFileSync(join(bigDir, 'big.jsonl'), lines.join('\n') + '\n');
    host = await startSeededHost();
  });

  afterAll(async () => {
    await host?.stop();
    rmSync(bigDir, { recursive: true, force: true });
  });

  afterEach(async () => {
    await page?.close();
  });

  it('stops a running import and leaves nothing of it in the study list, also after a reload', async () => {
    await openDialogAt(host, bigDir);
    const before = await studio.studyOptions();
    await importer.choose('big.jsonl');
    await page.getByTestId('import-start').click();
    // The cancel waits for the first report of episodes written: the import is then writing into the database.
    const running = await importer.waitForMessage(/^wrote \d+ episodes$/, 60_000);
    await importer.cancel();
    expect(Number(/\d+/.exec(running)![0])).toBeLessThan(EPISODES);
    expect(await importer.finished()).toBe('Import cancelled; nothing was changed');
    expect(await importer.progressPercent()).toBeLessThan(100); // stopped short, not shown as done
    expect(await page.getByTestId('import-cancel').count()).toBe(0);
    await studio.screenshotAtBothSizes('views-a-import-cancelled');
    await importer.close();
    expect(await studio.studyOptions()).toEqual(before);
    await page.reload();
    await studio.episodeRows().first().waitFor();
    expect(await studio.studyOptions()).toEqual(before);
    // And as the CLI lists the database's studies: only the demo study.
    const studies = earshotJson<{ name: string }[]>({ home: host.home, db: host.dbPath }, 'studies');
    expect(studies.map((s) => s.name)).toEqual(['Demo study']);
  });
});
