/**
 * Hooks of the independent e2e specs: one Chromium per spec file, a host seeded through the CLI per `describe` (or per
 * test, for tests that write), and a fresh page in a new browser context per test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { launchChromium } from './browser';
import { startSeededHost, type Seed } from './seeded-host';
import { seedKillableHost, type KillableHost } from './killable-host';
import type { HostOptions, TestHost } from './host';

/** Launches Chromium before the file's first test and closes it after the last; returns a getter. */
export function useChromium(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

/** What a seeded host is made from: the seed, built in a work folder of its own (for the files it imports). */
export interface HostRecipe {
  seed?: (work: string) => Seed | Promise<Seed>;
  extraArgs?: string[];
  options?: HostOptions;
}

/**
 * Starts a host seeded through the CLI for the enclosing `describe` ('describe': tests that only read share it) or
 * for each test ('test': a test that writes gets its own); stops it and removes its work folder after. Returns a getter.
 */
export function useSeededHost(recipe: HostRecipe = {}, per: 'describe' | 'test' = 'describe'): () => TestHost {
  let host: TestHost | undefined;
  let work = '';
  const start = async () => {
    work = mkdtempSync(join(tmpdir(), 'earshot-e2e-work-'));
    host = await startSeededHost((await recipe.seed?.(work)) ?? {}, recipe.extraArgs, recipe.options);
  };
  const stop = async () => {
    await host?.stop();
    host = undefined;
    if (work) rmSync(work, { recursive: true, force: true });
  };
  if (per === 'describe') {
    beforeAll(start);
    afterAll(stop);
  } else {
    beforeEach(start);
    afterEach(stop);
  }
  return () => host!;
}

/** What one test starts for itself: hosts on databases of their own and work folders, all stopped after the test. */
export interface TestScope {
  /** A host on a fresh database seeded through the CLI with `seed`. */
  host(seed?: Seed, extraArgs?: string[], options?: HostOptions): Promise<TestHost>;
  /** A host on a fresh seeded database that the test may kill outright and serve again (`serve()` starts it). */
  killableHost(seed?: Seed): Promise<KillableHost>;
  /** A fresh folder for the files the test writes (bundles, taxonomies). */
  work(): string;
}

/** Gives each test a scope to start its own hosts in; after the test they are stopped and the folders removed. */
export function useTestScope(): TestScope {
  let started: { stop(): Promise<void> }[] = [];
  let folders: string[] = [];
  afterEach(async () => {
    for (const s of started.reverse()) await s.stop();
    for (const f of folders) rmSync(f, { recursive: true, force: true });
    started = [];
    folders = [];
  });
  const keep = <T extends { stop(): Promise<void> }>(s: T): T => (started.push(s), s);
  return {
    host: async (seed = {}, extraArgs = [], options = {}) => keep(await startSeededHost(seed, extraArgs, options)),
    killableHost: async (seed = {}) => keep(await seedKillableHost(seed)),
    work() {
      const dir = mkdtempSync(join(tmpdir(), 'earshot-e2e-work-'));
      folders.push(dir);
      return dir;
    },
  };
}

/** Opens a page in a new browser context before each test (1440×900 unless told) and closes it after; a getter. */
export function useFreshPage(browser: () => Browser, options: BrowserContextOptions = {}): () => Page {
  let page: Page | undefined;
  beforeEach(async () => {
    page = await browser().newPage({ viewport: { width: 1440, height: 900 }, ...options });
  });
  afterEach(async () => {
    await page?.close();
    page = undefined;
  });
  return () => page!;
}
