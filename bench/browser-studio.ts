/**
 * The studio part of the browser benchmark: a generic JSONL episode pointing at the 1-hour WAV is imported with
 * `earshot import`; each run starts `earshot serve` on that database and a fresh Chromium, picks the study, clicks the
 * episode and times, in the page, from the pointer press to the first frame whose waveform lanes have painted pixels
 * (drawn) and to `canplay` of the episode's media element (playable).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { fmtMB, fmtMs, median } from './lib/measure';
import { launchChromium, rendererPeakRss } from './lib/chromium';
import { startHost, type TestHost } from '../e2e/support/host';
import { STEP_PROBE, stepTimes } from './browser-studio-step';
import { writeShortCallStudy } from './gen/short-calls';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** What one studio run measured; times in ms from the pointer press on the episode row. */
export interface StudioRun {
  drawn: number | null;
  playable: number | null;
  /** data-ready: the waveform with its timeline and minimap. */
  ready: number | null;
  /** Playwright's view: from calling click() until it saw drawn, playable and data-ready. */
  wallMs: number;
  navToList: number;
  heapAfterGc: number | null;
  rendererRss: number | null;
  calls: string;
  /** The studio's own marks of the opening (renderer/player/open-marks.ts), in ms from the press. */
  marks: string;
  /** J from one 10-minute call to the next: ms from each keydown to the next call's lanes drawn. */
  steps: { j: number[]; k: number[] };
}

/**
 * Records, in the page, the press on the episode row, the first painted frame of the lanes, canplay of the episode's
 * media element, data-ready, and when each WebSocket call was sent and its reply handed to the page (Playwright's own
 * frame events reach Node late).
 */
const PAGE_PROBE = `(() => {
  const t = (window.__studio = { pointerdown: null, drawn: null, playable: null, ready: null, frames: [] });
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    const m = /"id":(\\d+),"method":"([^"]+)"/.exec(String(data).slice(0, 200));
    if (m) t.frames.push({ at: performance.now(), id: Number(m[1]), method: m[2], size: 0 });
    return send.call(this, data);
  };
  const src = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'src');
  Object.defineProperty(HTMLMediaElement.prototype, 'src', {
    get() { return src.get.call(this); },
    set(url) {
      if (String(url).includes('/media/')) this.addEventListener('canplay', () => { if (t.playable === null) t.playable = performance.now(); }, { once: true });
      src.set.call(this, url);
    },
  });
  const onmessage = Object.getOwnPropertyDescriptor(WebSocket.prototype, 'onmessage');
  Object.defineProperty(WebSocket.prototype, 'onmessage', {
    get() { return onmessage.get.call(this); },
    set(handler) {
      onmessage.set.call(this, function (event) {
        const m = /^\\{"id":(\\d+)/.exec(String(event.data).slice(0, 40));
        if (m) t.frames.push({ at: performance.now(), id: Number(m[1]), method: null, size: String(event.data).length });
        return handler.call(this, event);
      });
    },
  });
  const box = () => document.querySelector('[data-testid="waveform-canvas"]');
  const painted = () => {
    const root = box()?.firstElementChild?.shadowRoot;
    if (!root) return false;
    for (const c of root.querySelectorAll('canvas')) {
      if (!c.width || !c.height) continue;
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      for (let i = 3; i < d.length; i += 4) if (d[i] !== 0) return true;
    }
    return false;
  };
  addEventListener('pointerdown', (e) => {
    if (t.pointerdown !== null) return;
    t.pointerdown = e.timeStamp;
    const poll = () => {
      const at = performance.now();
      if (painted()) t.drawn = at;
      else requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
  }, true);
  new MutationObserver(() => {
    if (t.ready === null && box()?.getAttribute('data-ready') === 'true') t.ready = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready'] });
})();`;

function writeEpisode(wav: string): string {
  const jsonl = join(dirname(wav), 'studio-1h.jsonl');
  const episode = {
    schema: 'earshot-episode-v1',
    id: 'call-1h',
    system: 'bench',
    task: 'long-call',
    duration_ms: 3_600_000,
    turns: [
      { speaker: 'agent', start_ms: 0, end_ms: 4000, text: 'Thanks for calling, how can I help?' },
      { speaker: 'user', start_ms: 4500, end_ms: 9000, text: 'I need to change my flight.' },
    ],
    audio: [{ path: basename(wav), role: 'call', lanes: ['user', 'agent'] }],
  };
  writeFileSync(
    jsonl,
    [{ schema: 'earshot-study-v1', name: 'Bench: one hour', benchmark: 'generic' }, episode]
      .map((x) => JSON.stringify(x))
      .join('\n') + '\n',
  );
  return jsonl;
}

let profiles = 0;

/**
 * With BENCH_STUDIO_PROFILE=DIR, starts a CPU profile of the page (100 µs samples); the function returned stops it and
 * writes DIR/studio-N-NAME.cpuprofile (for bench/lib/cpuprofile-summary.mjs). Without it, does nothing.
 */
async function startProfile(page: Page): Promise<(name: string) => Promise<void>> {
  const dir = process.env.BENCH_STUDIO_PROFILE;
  if (!dir) return async () => {};
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  return async (name) => {
    const { profile } = await cdp.send('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `studio-${++profiles}-${name}.cpuprofile`), JSON.stringify(profile));
    await cdp.detach();
  };
}

/** One run: fresh server and browser, navigation, the study picked, the click, until drawn and playable. */
async function openOnce(url: string): Promise<StudioRun> {
  let browser: Browser | null = null;
  try {
    browser = await launchChromium();
    const page: Page = await browser.newPage();
    await page.addInitScript({ content: PAGE_PROBE });
    await page.addInitScript({ content: STEP_PROBE });
    const t0 = performance.now();
    await page.goto(url);
    // the import put the demo study in first (a database without studies gets it); pick ours in the top bar
    const picker = page.getByTestId('study-picker');
    await picker.locator('option', { hasText: 'Bench: one hour' }).waitFor({ state: 'attached', timeout: 30_000 });
    const options = await picker.locator('option').allTextContents();
    await picker.selectOption({ index: options.findIndex((t) => t.startsWith('Bench: one hour')) });
    const row = page.getByTestId('episode-row').filter({ hasText: 'call-1h' }).first();
    await row.waitFor({ timeout: 30_000 });
    const navToList = performance.now() - t0;
    const profile = await startProfile(page);
    const clickAt = performance.now();
    await row.click();
    await page.waitForFunction(
      () => {
        const s = (window as unknown as { __studio: Record<string, unknown> }).__studio;
        return s.drawn !== null && s.playable !== null && s.ready !== null;
      },
      undefined,
      { timeout: 30_000, polling: 'raf' },
    );
    const wallMs = performance.now() - clickAt;
    await profile('click');
    // a string, so the bundler's helpers never end up in the page
    const got = (await page.evaluate(`(() => {
      const s = window.__studio;
      const since = (v) => (v === null || s.pointerdown === null ? null : v - s.pointerdown);
      window.gc?.();
      const names = new Map(s.frames.filter((f) => f.method).map((f) => [f.id, f.method]));
      const calls = s.frames.filter((f) => f.at >= s.pointerdown).map((f) =>
        (f.method ? f.method : names.get(f.id) + ' reply') + ' ' + Math.round(f.at - s.pointerdown) + ' ms' + (f.size > 10000 ? ' (' + (f.size / 1e6).toFixed(1) + ' MB)' : ''));
      const marks = performance.getEntriesByType('mark').filter((m) => m.name.startsWith('earshot:') && m.startTime >= s.pointerdown)
        .map((m) => m.name.slice(8) + ' ' + Math.round(m.startTime - s.pointerdown) + ' ms');
      return { drawn: since(s.drawn), playable: since(s.playable), ready: since(s.ready), heapAfterGc: performance.memory?.usedJSHeapSize ?? null, calls: calls.join(', ') || 'none seen', marks: marks.join(', ') };
    })()`)) as Pick<StudioRun, 'drawn' | 'playable' | 'ready' | 'heapAfterGc' | 'calls' | 'marks'>;
    const stepsProfile = await startProfile(page);
    const steps = await stepTimes(page);
    await stepsProfile('steps');
    return { ...got, wallMs, navToList, rendererRss: rendererPeakRss(), steps };
  } finally {
    await browser?.close();
  }
}

/** Imports the episode once, then opens it `runs` times, each with a fresh `earshot serve` and Chromium. */
export async function studioRuns(
  wav: string,
  runs: number,
): Promise<{ lines: string[]; results: StudioRun[]; error: string | null }> {
  const home = mkdtempSync(join(tmpdir(), 'earshot-bench-studio-'));
  const dbPath = join(home, 'earshot.db');
  const lines: string[] = [];
  const results: StudioRun[] = [];
  const jsonl = writeEpisode(wav);
  const env = { ...process.env, EARSHOT_HOME: home };
  let host: TestHost | null = null;
  try {
    const i0 = performance.now();
    const imported = spawnSync(
      process.execPath,
      [join(repoRoot, 'bin', 'earshot.mjs'), 'import', jsonl, '--db', dbPath, '--json'],
      { cwd: repoRoot, env, encoding: 'utf8' },
    );
    if (imported.status !== 0) throw new Error(`earshot import failed: ${imported.stderr.trim()}`);
    const short = spawnSync(
      process.execPath,
      [join(repoRoot, 'bin', 'earshot.mjs'), 'import', writeShortCallStudy(), '--db', dbPath, '--json'],
      { cwd: repoRoot, env, encoding: 'utf8' },
    );
    if (short.status !== 0) throw new Error(`earshot import of the 10-minute calls failed: ${short.stderr.trim()}`);
    lines.push(
      `studio: earshot import of the 1-hour episode (hash + peaks + write, CLI start included) took ${fmtMs(performance.now() - i0)}`,
    );
    for (let i = 0; i < runs; i++) {
      const s0 = performance.now();
      host = await startHost([], { db: dbPath });
      if (i === 0) lines.push(`studio: earshot serve ready in ${fmtMs(performance.now() - s0)}`);
      const r = await openOnce(host.url);
      results.push(r);
      await host.stop();
      host = null;
      const at = (v: number | null) => (v === null ? 'never' : fmtMs(v));
      lines.push(
        `studio run ${i + 1}: press → drawn ${at(r.drawn)}, → playable ${at(r.playable)}, → timeline and minimap (data-ready) ${at(r.ready)}; ` +
          `Playwright click() → all three ${fmtMs(r.wallMs)}; navigation → episode list ${fmtMs(r.navToList)}; ` +
          `JS heap after gc ${r.heapAfterGc !== null ? fmtMB(r.heapAfterGc) : '?'}${r.rendererRss !== null ? `, renderer peak RSS ${fmtMB(r.rendererRss)}` : ''}; ` +
          `WebSocket: ${r.calls}; marks: ${r.marks}; ` +
            `J to the next 10-minute call → drawn: ${r.steps.j.map(fmtMs).join(', ')}; ` +
            `K back: ${r.steps.k.map(fmtMs).join(', ')}`,
      );
    }
    return { lines, results, error: null };
  } catch (err) {
    return { lines, results, error: (err as Error).message };
  } finally {
    await host?.stop();
    rmSync(home, { recursive: true, force: true });
    rmSync(jsonl, { force: true });
  }
}

/** The figure of a run: the later of drawn and playable, or null if either never happened. */
export function studioFigure(r: StudioRun): number | null {
  return r.drawn === null || r.playable === null ? null : Math.max(r.drawn, r.playable);
}

/** Median and range of the runs' figures, or null when a run did not finish. */
export function summarize(values: readonly (number | null)[]): { median: number; min: number; max: number } | null {
  if (values.length === 0 || values.some((v) => v === null)) return null;
  const v = values as number[];
  return { median: median(v), min: Math.min(...v), max: Math.max(...v) };
}
