/**
 * End to end: the Import dialog takes an s3:// location, shows the download's progress, and imports the τ-Voice run
 * from the cache — served by a local server on 127.0.0.1 speaking the S3 protocol (test-support/s3-server).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/browser';
import { startHost, type TestHost } from './support/host';
import { StudioPage } from './pages/studio-page';
import { ImportPage } from './pages/import-page';
import { makeTau2RunWithAudio, SIM_ID } from '../test-support/tau2-run';
import { startLocalS3, type LocalS3 } from '../test-support/s3-server/server';
import { removeTempDirs, tempDir } from '../test-support/temp-files';

const WAV = `tau2-run/artifacts/task_40/sim_${SIM_ID}/audio/both.wav`;

let s3: LocalS3;
let host: TestHost;
let browser: Browser;
let page: Page;
let studio: StudioPage;
let importer: ImportPage;

beforeAll(async () => {
  const objects = tempDir('earshot-e2e-s3-');
  makeTau2RunWithAudio(objects);
  s3 = await startLocalS3(objects);
  s3.pace(WAV, 2_000_000);
  host = await startHost([], { env: { AWS_ENDPOINT_URL_S3: s3.endpoint, AWS_EC2_METADATA_DISABLED: 'true' } });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  studio = new StudioPage(page);
  importer = new ImportPage(page);
  await studio.open(host.url);
});

afterAll(async () => {
  await browser?.close();
  await host?.stop();
  await s3?.close();
  removeTempDirs();
});

describe('import from a remote location', () => {
  it('downloads an s3:// run with progress, then imports it with its call audio', async () => {
    await importer.open();
    await importer.begin(`s3://${s3.bucket}/tau2-run/`);
    const progress = await importer.waitForMessage(
      /downloading s3:\/\/earshot-test\/tau2-run\/: \d of 3 files, [\d.]+ MB of 12\.8 MB/,
    );
    expect(progress).toMatch(/of 3 files/);
    await studio.screenshotAtBothSizes('import-remote-progress');
    expect(await importer.finished()).toMatch(/imported 1 episode, \d+ turns, 1 audio file$/);
    expect(await importer.summary()).toMatch(/1 episode, \d+ turns, 1 audio file/);
    await studio.screenshotAtBothSizes('import-remote-done');
    expect(s3.requests.some((r) => r.url.includes('list-type=2'))).toBe(true);
  });

  it('refuses a location whose URL carries a key, before any job starts', async () => {
    const message = await importer.refusedImport('https://bucket.example/run/?token=abcdefabcdefabcdef');
    expect(message).toMatch(/key in its query/);
    expect(message).not.toContain('abcdef');
  });
});
