/**
 * Issue 4: a 1-hour stereo WAV in Chromium. (a) wavesurfer.js the studio's way — media element first, precomputed peaks
 * (the studio's audio.peaks reply, decoded by shared/peaks-codec.ts) and the MediaElement backend — vs (b) wavesurfer's
 * default whole-file fetch + decode of the same file, each in a fresh headless Chromium on a tiny bench page; then
 * (c) the real studio (`earshot serve`) opening an imported episode with that WAV (bench/browser-studio.ts). Page times
 * are from navigation start; heap is performance.memory.usedJSHeapSize (--enable-precise-memory-info).
 */
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { computePeaks, peaksToChannels, type Peaks } from '../main/audio/peaks';
import { decideRange } from '../main/audio/range';
import { longWav } from './peaks.bench';
import { fmtMB, fmtMs, note, peakRssBytes } from './lib/measure';
import type { BenchResult, BenchRow } from './lib/result';
import { chromiumBinary, launchChromium, rendererPeakRss } from './lib/chromium';
import { studioFigure, studioRuns, summarize } from './browser-studio';
import { chromiumPath } from '../e2e/support/browser';
import { bareOpens, type BareOpen } from './browser-bare';
import { SHORT_CALLS, shortCallWav } from './gen/short-calls';
import { OVERVIEW_BUCKETS, overviewBytes } from '../shared/peaks-codec';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** How long the default whole-file decode may take before the bench gives up on it. */
const DECODE_CAP_MS = Number(process.env.BENCH_DECODE_CAP_MS ?? 60_000);
/** Runs of the figure cases (bench page the studio's way, and the studio); the row shows their median. */
const RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 3);
const TARGET_MS = 500;
const TARGET_HEAP = 150e6;
/** Issue 17: the studio's click on the 1-hour call, and J to the next 10-minute call. */
const CLICK_TARGET_MS = 150;
const CLICK_TARGET_HEAP = 100e6;
const STEP_TARGET_MS = 100;

/** The episodes.peaks reply the studio opens a call with: the stored bytes cut to the overview, base64, in JSON. */
function overviewReply(peaks: Peaks): string {
  const { channels } = peaks.info;
  const bytes = overviewBytes(peaks.data, channels, peaks.buckets, OVERVIEW_BUCKETS);
  const buckets = bytes.length / channels;
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  return JSON.stringify({ assetId: 1, channels, buckets, data, peaksPerSecond: (peaks.peaksPerSecond * buckets) / peaks.buckets, durationMs: peaks.info.durationMs });
}

/** shared/peaks-codec.ts as a browser module, so the page decodes peaks with the studio's own code. */
function peaksCodecModule(): string {
  const source = readFileSync(join(repoRoot, 'shared', 'peaks-codec.ts'), 'utf8');
  return ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
}

/** Serves the bench page, wavesurfer's ESM build, the peaks codec, the WAV (with Range, 206) and its peaks on 127.0.0.1. */
async function benchServer(wav: string, peaks: Peaks, named: Record<string, { wav: string; peaks: Peaks }>): Promise<{ server: Server; origin: string; sizes: string }> {
  const files: Record<string, [string, string | Buffer]> = {
    '/': ['text/html', readFileSync(join(repoRoot, 'bench', 'page', 'wave.html'))],
    '/wavesurfer.esm.js': ['text/javascript', readFileSync(join(repoRoot, 'node_modules', 'wavesurfer.js', 'dist', 'wavesurfer.esm.js'))],
    '/peaks-codec.js': ['text/javascript', peaksCodecModule()],
    '/peaks.json': ['application/json', JSON.stringify({ channels: peaksToChannels(peaks.data, peaks.info.channels), peaksPerSecond: peaks.peaksPerSecond, durationMs: peaks.info.durationMs })],
    // the studio's audio.peaks reply (AudioPeaks: the stored bytes as base64)
    '/peaks.b64.json': ['application/json', JSON.stringify({ assetId: 1, channels: peaks.info.channels, buckets: peaks.buckets, data: Buffer.from(peaks.data).toString('base64'), peaksPerSecond: peaks.peaksPerSecond, durationMs: peaks.info.durationMs })],
  };
  const overviews = Object.fromEntries(Object.entries(named).map(([name, n]) => [name, overviewReply(n.peaks)]));
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname;
    const file = files[path === '/wave.html' ? '/' : path];
    if (file) return void res.writeHead(200, { 'content-type': file[0] }).end(file[1]);
    const f = url.searchParams.get('f');
    if (path === '/peaks.overview.json' && f && overviews[f]) return void res.writeHead(200, { 'content-type': 'application/json' }).end(overviews[f]);
    if (path !== '/audio.wav' || (f !== null && !named[f])) return void res.writeHead(404).end();
    const wavPath = f === null ? wav : named[f].wav;
    const size = statSync(wavPath).size;
    // as the studio's media door (main/web/static.ts) answers
    const range = decideRange(req.headers.range, size);
    if (range.kind === 'unsatisfiable') return void res.writeHead(416, { 'content-range': `bytes */${size}` }).end();
    const { start, end } = range.kind === 'partial' ? range.range : { start: 0, end: size - 1 };
    res.writeHead(range.kind === 'partial' ? 206 : 200, {
      'content-type': 'audio/wav',
      'accept-ranges': 'bytes',
      'content-length': end - start + 1,
      ...(range.kind === 'partial' ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
    });
    if (req.method === 'HEAD') return void res.end();
    createReadStream(wavPath, { start, end }).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const sizes = `${fmtMB(files['/peaks.json'][1].length)} as JSON numbers, ${fmtMB(files['/peaks.b64.json'][1].length)} as the studio's reply (base64 bytes)`;
  return { server, origin: `http://127.0.0.1:${port}`, sizes };
}

interface PageRun {
  finished: boolean;
  marks: Record<string, number>;
  error: string | null;
  painted?: number;
  heapAtReady?: number;
  heapAfterPlay?: number;
  heapAfterGc?: number;
  /** Highest usedJSHeapSize seen while sampling every 250 ms. */
  heapPeak: number;
  rendererRssPeak: number | null;
  wallMs: number;
}

/**
 * Opens the bench page in `mode` in a fresh Chromium and collects what it recorded, giving up after `capMs`. With
 * `audioStarted`, the studio's-way page has first run once in that browser and been closed, so Chromium's audio service
 * (started by the first media element that can play, in a process of its own) is already up, as in the studio, which
 * opens its audio output when it starts (`warmAudioOutput`), long before a call is clicked.
 */
async function runPage(origin: string, mode: 'peaks8' | 'peaks' | 'decode', capMs: number, audioStarted = false): Promise<PageRun> {
  const browser = await launchChromium();
  let heapPeak = 0;
  let sampling = true;
  try {
    if (audioStarted) {
      const first = await browser.newPage();
      await first.goto(`${origin}/wave.html?mode=peaks8`);
      await first.waitForFunction(() => (window as unknown as { __bench?: { done?: boolean } }).__bench?.done === true, undefined, { timeout: 30_000, polling: 100 });
      await first.close();
    }
    const page = await browser.newPage();
    const sampler = (async () => {
      while (sampling) {
        const h = await page.evaluate(() => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0).catch(() => 0);
        heapPeak = Math.max(heapPeak, h);
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
    const t0 = performance.now();
    await page.goto(`${origin}/wave.html?mode=${mode}`);
    const finished = await page
      .waitForFunction(() => (window as unknown as { __bench?: { done?: boolean } }).__bench?.done === true, undefined, { timeout: capMs, polling: 100 })
      .then(() => true, () => false);
    const wallMs = performance.now() - t0;
    const got = (await page.evaluate(() => {
      const b = (window as unknown as { __bench: Record<string, unknown> }).__bench;
      const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
      return { ...b, heapNow: memory?.usedJSHeapSize ?? null };
    }).catch((e: Error) => ({ marks: {}, error: `page did not answer: ${e.message}`, heapNow: null }))) as Partial<PageRun> & { heapNow: number | null };
    sampling = false;
    await sampler;
    heapPeak = Math.max(heapPeak, got.heapNow ?? 0, got.heapAfterPlay ?? 0, got.heapAtReady ?? 0);
    return { ...got, finished, marks: got.marks ?? {}, error: got.error ?? null, heapPeak, rendererRssPeak: rendererPeakRss(), wallMs };
  } finally {
    sampling = false;
    await browser.close();
  }
}

/** Time from navigation until the waveform is both drawn and playable (media can play), or null. */
function drawnAndPlayable(r: PageRun): number | null {
  return r.marks.drawn !== undefined && r.marks.playable !== undefined && r.painted ? Math.max(r.marks.drawn, r.marks.playable) : null;
}

function describe(r: PageRun): string {
  const m = Object.entries(r.marks).sort((a, b) => a[1] - b[1]).map(([k, v]) => `${k} ${fmtMs(v)}`).join(', ');
  const heap = [
    r.heapAtReady != null ? `at ready ${fmtMB(r.heapAtReady)}` : null,
    r.heapAfterGc != null ? `after play + gc ${fmtMB(r.heapAfterGc)}` : null,
    `peak sampled ${fmtMB(r.heapPeak)}`,
  ].filter(Boolean).join(', ');
  const rss = r.rendererRssPeak != null ? `; renderer process peak RSS ${fmtMB(r.rendererRssPeak)}` : '';
  const status = r.finished ? '' : ` — NOT FINISHED after ${fmtMs(r.wallMs)}${r.error ? `: ${r.error}` : ''}`;
  return `${m || 'no marks'}; JS heap ${heap}${rss}${status}${r.finished && r.error ? ` — error: ${r.error}` : ''}`;
}

const range = (s: { median: number; min: number; max: number }) => `${fmtMs(s.median)} (${fmtMs(s.min)}–${fmtMs(s.max)})`;

/** Runs the browser benchmark. */
export async function run(): Promise<BenchResult> {
  const wall0 = performance.now();
  if (!chromiumBinary()) {
    return { name: 'browser', rows: [], details: [`skipped: Chromium not found at ${chromiumPath} (apt-get install -y chromium, or set CHROMIUM_PATH)`], wallMs: 0, peakRssBytes: peakRssBytes() };
  }
  const wav = process.env.BENCH_BROWSER_WAV ?? longWav(); // another file, to compare (the studio part always uses the 1-hour one)
  const peaks = await computePeaks(wav);
  const named: Record<string, { wav: string; peaks: Peaks }> = { '1h': { wav: longWav(), peaks: wav === longWav() ? peaks : await computePeaks(longWav()) } };
  for (let i = 0; i < SHORT_CALLS.count; i++) named[`10m-${i + 1}`] = { wav: shortCallWav(i), peaks: await computePeaks(shortCallWav(i)) };
  const { server, origin, sizes } = await benchServer(wav, peaks, named);
  const details: string[] = [`file: ${fmtMB(statSync(wav).size)} stereo 8 kHz 16-bit, 1 hour; peaks ${peaks.buckets} buckets × 2 channels: ${sizes}`];
  const rows: BenchRow[] = [];
  const bare: BareOpen[][] = [];
  try {
    note(`bare wavesurfer on a press and on J (${RUNS} runs): the baseline of the studio rows`);
    for (let i = 0; i < RUNS; i++) bare.push(await bareOpens(origin, Object.keys(named)));
    note(`Chromium: the studio's way (${RUNS} runs, then ${RUNS} with the audio service up), peaks as JSON numbers, wavesurfer's whole-file decode (cap ${fmtMs(DECODE_CAP_MS)})`);
    await runPage(origin, 'peaks8', 30_000); // warm the HTTP path and the page cache; not counted
    const studioWay: PageRun[] = [];
    for (let i = 0; i < RUNS; i++) studioWay.push(await runPage(origin, 'peaks8', 30_000));
    const warm: PageRun[] = [];
    for (let i = 0; i < RUNS; i++) warm.push(await runPage(origin, 'peaks8', 30_000, true));
    const numbers = await runPage(origin, 'peaks', 30_000);
    const decoded = await runPage(origin, 'decode', DECODE_CAP_MS, true);
    // The figure: the audio output already open, as the studio keeps it; the fresh-browser runs are in the details.
    const s = summarize(warm.map(drawnAndPlayable));
    const d = drawnAndPlayable(decoded);
    const heap = Math.max(...warm.map((r) => r.heapAfterGc ?? r.heapPeak));
    rows.push({
      issue: 4,
      name: `1-hour WAV in Chromium, audio output open: drawn + playable (median of ${RUNS})`,
      figure: s === null ? 'did not finish' : `${range(s)}, heap ${fmtMB(heap)}`,
      baseline: d === null ? `decode: none in ${fmtMs(decoded.wallMs)}` : `decode ${fmtMs(d)}, heap ${fmtMB(decoded.heapAfterGc ?? decoded.heapPeak)}`,
      ratio: s !== null && d !== null ? s.median / d : null,
      target: '< 0.5 s, heap < 150 MB',
      pass: s !== null && s.median < TARGET_MS && heap < TARGET_HEAP,
    });
    warm.forEach((r, i) => details.push(`the studio's way, audio output open (the page ran once before in that Chromium), run ${i + 1}: ${describe(r)}`));
    const f = summarize(studioWay.map(drawnAndPlayable));
    details.push(
      `the studio's way in a fresh Chromium, whose first playable media element starts its audio service (≈0.45 s here; ` +
        `the studio starts it when it opens): drawn + playable ${f === null ? 'did not finish' : range(f)}`,
    );
    studioWay.forEach((r, i) => details.push(`  fresh Chromium, run ${i + 1}: ${describe(r)}`));
    details.push(`peaks as JSON numbers at full resolution (the studio's transport before 94bc212): ${describe(numbers)}`);
    details.push(`default whole-file decode, audio output open: ${describe(decoded)}`);
    details.push('marks are ms since navigation start; "drawn" = the first frame whose waveform canvases have painted pixels, "playable" = media canplay, "playing" = currentTime moved after play()');
  } finally {
    server.close();
  }
  const at = (v: number | null) => (v === null ? 'never' : fmtMs(v));
  bare.forEach((opens, i) =>
    details.push(`bare wavesurfer run ${i + 1}: ${opens.map((o) => `${o.file} drawn ${at(o.drawn)}, playable ${at(o.playable)}`).join('; ')}`),
  );
  const bareClick = summarize(bare.map((opens) => (opens[0].drawn === null || opens[0].playable === null ? null : Math.max(opens[0].drawn, opens[0].playable))));
  // the steps from one 10-minute call to the next (the first J goes from the 1-hour call to the first of them)
  const bareStep = summarize(bare.flatMap((opens) => opens.slice(2).map((o) => o.drawn)));
  note(`the studio: earshot serve + Chromium (${RUNS} runs)`);
  const studio = await studioRuns(longWav(), RUNS);
  details.push(...studio.lines);
  if (studio.error) details.push(`studio: not measured: ${studio.error}`);
  else {
    const s = summarize(studio.results.map(studioFigure));
    const heap = Math.max(...studio.results.map((r) => r.heapAfterGc ?? 0));
    rows.push({
      issue: 17,
      name: `studio: 1-hour WAV, click → drawn + playable (median of ${RUNS})`,
      figure: s === null ? 'did not finish' : `${range(s)}, heap ${fmtMB(heap)}`,
      baseline: bareClick === null ? 'bare: did not finish' : `bare wavesurfer ${range(bareClick)}`,
      ratio: s !== null && bareClick !== null ? s.median / bareClick.median : null,
      target: `≤ ${CLICK_TARGET_MS} ms, heap < ${fmtMB(CLICK_TARGET_HEAP)}`,
      pass: s !== null && s.median <= CLICK_TARGET_MS && heap < CLICK_TARGET_HEAP,
    });
    for (const key of ['j', 'k'] as const) {
      const times = studio.results.flatMap((r) => r.steps[key]);
      const t = summarize(times);
      rows.push({
        issue: 17,
        name:
          key === 'j'
            ? `studio: J to the next 10-minute call → drawn (median of ${times.length})`
            : `studio: K to the previous 10-minute call → drawn (median of ${times.length})`,
        figure: t === null ? 'did not finish' : range(t),
        baseline: bareStep === null ? 'bare: did not finish' : `bare wavesurfer J ${range(bareStep)}`,
        ratio: t !== null && bareStep !== null ? t.median / bareStep.median : null,
        target: `≤ ${STEP_TARGET_MS} ms`,
        pass: t !== null && t.median <= STEP_TARGET_MS,
      });
    }
  }
  return { name: 'browser', rows, details, wallMs: performance.now() - wall0, peakRssBytes: peakRssBytes() };
}
