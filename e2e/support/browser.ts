/** Launches Debian's Chromium through playwright-core, with the flags this closed network needs. */
import { chromium, type Browser } from 'playwright-core';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../test-support/fixtures';

/** Path of the Chromium binary: $CHROMIUM_PATH or Debian's. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for headless Chromium on a machine with no network but the package registries (and audio that may autoplay). */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--autoplay-policy=no-user-gesture-required',
] as const;

/** Folder for screenshots saved as test artifacts. */
export const artifactsDir = join(repoRoot, 'test-results', 'screenshots');

/** Starts headless Chromium; fails with a clear message when it is not installed. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) throw new Error(`Chromium not found at ${chromiumPath}: apt-get install -y chromium, or set CHROMIUM_PATH`);
  mkdirSync(artifactsDir, { recursive: true });
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
}
