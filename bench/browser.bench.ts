/**
 * Issue 4: a 1-hour stereo WAV in Chromium. (a) wavesurfer.js with precomputed peaks + duration and the MediaElement
 * backend (the studio's way) vs (b) wavesurfer's default whole-file fetch + decode of the same file, each in a fresh
 * headless Chromium on a tiny bench page; then (c) the real studio (`earshot serve`) opening an imported episode with
 * that WAV. Times are from navigation start; heap is performance.memory.usedJSHeapSize (--enable-precise-memory-info).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { computePeaks, peaksToChannels } from '../main/audio/peaks';
import { decideRange } from '../main/audio/range';
import { longWav } from './peaks.bench';
import { fmtMB, fmtMs, note, peakRssBytes } from './lib/measure';
import type { BenchResult, BenchRow } from './lib/result';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/browser';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** How long the default whole-file decode may take before the bench gives up on it. */
const DECODE_CAP_MS = Number(process.env.BENCH_DECODE_CAP_MS ?? 60_000);
const TARGET_MS = 500;
const TARGET_HEAP = 150e6;

/** The flags of e2e/support/browser.ts, plus precise memory figures and a callable gc(). */
async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [...CHROMIUM_ARGS, '--enable-precise-memory-info', '--js-flags=--expose-gc'],
  });
}

/**
 * Peak resident memory (VmHWM) of Chromium renderer processes started by this process (one browser runs at a time),
 * read from /proc (Linux only; null elsewhere).
 */
function rendererPeakRss(ancestorPid = process.pid): number | null {
  if ( !existsSync('/proc/self/status')) return null;
  const parentOf = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parentOf.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // the process ended meanwhile
    }
  }
  const descends = (pid: number): boolean => {
    for (let p = parentOf.get(pid); p !== undefined && p > 1; p = parentOf.get(p)) if (p === ancestorPid) return true;
    return false;
  };
  let peak: number | null = null;
  for (const pid of parentOf.keys()) {
    if (!descends(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) continue;
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (hwm) peak = Math.max(peak ?? 0, Number(hwm[1]) * 1024);
    } catch {
      // gone
    }
  }
  return peak;
}

/** Serves the bench page, wavesurfer's ESM build, the WAV (with Range, 206) and its peaks JSON on 127.0.0.1. */
async function benchServer(wav: string, peaksJson: string, peaks8: { data: Uint8Array; channels: number; durationMs: number }): Promise<{ server: Server; origin: string }> {
  const page = readFileSync(join(repoRoot, 'bench', 'page', 'wave.html'));
  const wavesurfer = readFileSync(join(repoRoot, 'node_modules', 'wavesurfer.js', 'dist', 'wavesurfer.esm.js'));
  const size = statSync(wav).size;
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/' || path === '/wave.html') return void res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    if (path === '/wavesurfer.esm.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(wavesurfer);
    if (path === '/peaks.json') return void res.writeHead(200, { 'content-type': 'application/json' }).end(peaksJson);
    if (path === '/peaks.u8') {
      const headers = { 'content-type': 'application/octet-stream', 'x-channels': String(peaks8.channels), 'x-duration-ms': String(peaks8.durationMs), 'access-control-expose-headers': 'x-channels, x-duration-ms' };
      return void res.writeHead(200, headers).end(Buffer.from(peaks8.data));
    }
    if (path === '/audio.wav') {
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
      createReadStream(wav, { start, end }).pipe(res);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return { server, origin: `http://127.0.0.1:${port}` };
}

interface PageRun {
  finished: boolean;
  marks: Record<string, number>;
  error: string | null;
  painted?: number;
  duration?: number;
  heapAtReady?: number;
  heapAfterPlay?: number;
  heapAfterGc?: number;
  /** Highest usedJSHeapSize seen while sampling every 250 ms. */
  heapPeak: number;
  rendererRssPeak: number | null;
  wallMs: number;
}

/** Opens the bench page in `mode` in a fresh Chromium and collects what it recorded, giving up after `capMs`. */
async function runPage(origin: string, mode: 'peaks' | 'peaks8' | 'decode', capMs: number): Promise<PageRun> {
  const browser = await launch();
  let heapPeak = 0;
  let sampling = true;
  try {
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
  const m = Object.entries(r.marks).map(([k, v]) => `${k} ${fmtMs(v)}`).join(', ');
  const heap = [
    r.heapAtReady != null ? `at ready ${fmtMB(r.heapAtReady)}` : null,
    r.heapAfterGc != null ? `after play + gc ${fmtMB(r.heapAfterGc)}` : null,
    `peak sampled ${fmtMB(r.heapPeak)}`,
  ].filter(Boolean).join(', ');
  const rss = r.rendererRssPeak != null ? `; renderer process peak RSS ${fmtMB(r.rendererRssPeak)}` : '';
  const status = r.finished ? '' : ` — NOT FINISHED after ${fmtMs(r.wallMs)}${r.error ? `: ${r.error}` : ''}`;
  return `${m || 'no marks'}; JS heap ${heap}${rss}${status}${r.finished && r.error ? ` — error: ${r.error}` : ''}`;
}

/** The studio itself: import a generic JSONL episode pointing at the WAV, `earshot serve` it, open it in Chromium. */
async function studioRun(wav: string): Promise<{ lines: string[]; row: BenchRow | null }> {
  const home = mkdtempSync(join(tmpdir(), 'earshot-bench-studio-'));
  const dbPath = join(home, 'earshot.db');
  const jsonl = join(dirname(wav), 'studio-1h.jsonl');
  const lines: string[] = [];
  let child: ChildProcess | null = null;
  let browser: Browser | null = null;
  try {
    writeFileSync(
      jsonl,
      [
        { schema: 'earshot-study-v1', name: 'Bench: one hour', benchmark: 'generic' },
        {
          schema: 'earshot-episode-v1', id: 'call-1h', system: 'bench', task: 'long-call', duration_ms: 3_600_000,
          turns: [{ speaker: 'agent', start_ms: 0, end_ms: 4000, text: 'Thanks for calling, how can I help?' }, { speaker: 'user', start_ms: 4500, end_ms: 9000, text: 'I need to change my flight.' }],
          audio: [{ path: basename(wav), role: 'call', lanes: ['user', 'agent'] }],
        },
      ].map((x) => JSON.stringify(x)).join('\n') + '\n',
    );
    const env = { ...process.env, EARSHOT_HOME: home };
    const i0 = performance.now();
    const imported = spawnSync(process.execPath, [join(repoRoot, 'bin', 'earshot.mjs'), 'import', jsonl, '--db', dbPath, '--json'], { cwd: repoRoot, env, encoding: 'utf8' });
    if (imported.status !== 0) throw new Error(`earshot import failed: ${imported.stderr.trim()}`);
    lines.push(`studio: earshot import of the 1-hour episode (hash + peaks + write, CLI start included) took ${fmtMs(performance.now() - i0)}`);
    const s0 = performance.now();
    child = spawn(process.execPath, [join(repoRoot, 'bin', 'earshot.mjs'), 'serve', '--db', dbPath, '--port', '0'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child!.stdout!.on('data', (d) => {
        out += d;
        const m = /Earshot at (\S+)/.exec(out);
        if (m) resolve(m[1]);
      });
      child!.once('exit', (code) => reject(new Error(`earshot serve exited with ${code}: ${stderr.trim()}`)));
      setTimeout(() => reject(new Error('earshot serve did not start within 120 s')), 120_000).unref();
    });
    lines.push(`studio: earshot serve ready in ${fmtMs(performance.now() - s0)}${/build/i.test(stderr) ? ' (it rebuilt the renderer first)' : ''}`);
    browser = await launch();
      const page: Page = await browser.newPage();
    // the contract's calls over the WebSocket door, timed from the click (method, reply size, when the reply came)
    const frames: { at: number; dir: 'sent' | 'received'; size: number; text: string }[] = [];
    let clickAt = Infinity;
    page.on('websocket', (ws) => {
      ws.on('framesent', (f) => frames.push({ at: performance.now() - clickAt, dir: 'sent', size: f.payload.length, text: String(f.payload).slice(0, 200) }));
      ws.on('framereceived', (f) => frames.push({ at: performance.now() - clickAt, dir: 'received', size: f.payload.length, text: String(f.payload).slice(0, 200) }));
    });
    const t0 = performance.now();
    await page.goto(url);
    // the import put the demo study in first (a database without studies gets it); pick ours in the top bar
    const picker = page.getByTestId('study-picker');
    await picker.locator('option', { hasText: 'Bench: one hour' }).waitFor({ state: 'attached', timeout: 30_000 });
    const options = await picker.locator('option').allTextContents();
    await picker.selectOption({ index: options.findIndex((t) => t.startsWith('Bench: one hour')) });
    const row = page.getByTestId('episode-row').filter({ hasText: 'call-1h' }).first();
    await row.waitFor({ timeout: 30_000 });
    const tList = performance.now() - t0;
    const c0 = performance.now();
    clickAt = c0;
    await row.click();
    await page.locator('[data-testid="waveform-canvas"][data-ready="true"]').waitFor({ timeout: 30_000 });
    const tClickReady = performance.now() - c0;
    const tReady = performance.now() - t0;
    const inPage = (await page.evaluate(() => {
      const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
      const heap = memory?.usedJSHeapSize ?? null;
      (window as unknown as { gc?: () => void }).gc?.();
      return { heap, heapAfterGc: memory?.usedJSHeapSize ?? null };
    })) as { heap: number | null; heapAfterGc: number | null };
    const rss = rendererPeakRss();
    lines.push(
      `studio: navigation → study picked → episode list ${fmtMs(tList)}; click on the episode → waveform data-ready="true" ${fmtMs(tClickReady)}; ` +
        `navigation → ready (incl. the click) ${fmtMs(tReady)}; JS heap ${inPage.heap != null ? fmtMB(inPage.heap) : '?'}` +
        `${inPage.heapAfterGc != null ? `, after gc ${fmtMB(inPage.heapAfterGc)}` : ''}${rss != null ? `; renderer peak RSS ${fmtMB(rss)}` : ''}`,
    );
    const calls = new Map<number, string>();
    const trace: string[] = [];
    for (const f of frames.filter((x) => x.at >= 0 && x.at <= tClickReady + 50)) {
      const id = /"id":\s*(\d+)/.exec(f.text)?.[1];
      const method = /"method":\s*"([^"]+)"/.exec(f.text)?.[1];
      if (f.dir === 'sent' && id && method) calls.set(Number(id), method);
      const name = f.dir === 'sent' ? (method ?? '?') : (id ? `${calls.get(Number(id)) ?? '?'} reply` : (/"event":\s*"([^"]+)"/.exec(f.text)?.[1] ?? 'frame'));
      trace.push(`${name} ${fmtMs(f.at)}${f.size > 10_000 ? ` (${fmtMB(f.size)})` : ''}`);
    }
    lines.push(`studio, WebSocket calls after the click: ${trace.join(', ') || 'none seen'}; data-ready at ${fmtMs(tClickReady)}`);
    const heapOk = inPage.heapAfterGc == null || inPage.heapAfterGc < TARGET_HEAP;
    return {
      lines,
      row: {
        issue: 4,
        name: 'studio: 1-hour WAV, click → waveform ready',
        figure: `${fmtMs(tClickReady)}, heap ${inPage.heapAfterGc != null ? fmtMB(inPage.heapAfterGc) : '?'}`,
        baseline: `nav→list ${fmtMs(tList)}`, // no baseline: the bench page rows above compare against the default decode
        ratio: null,
        target: '< 0.5 s, heap < 150 MB',
        pass: tClickReady < TARGET_MS && heapOk,
      },
    };
  } catch (err) {
    lines.push(`studio: not measured: ${(err as Error).message}`);
    return { lines, row: null };
  } finally {
    await browser?.close();
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(home, { recursive: true, force: true });
    rmSync(jsonl, { force: true });
  }
}

/** Runs the browser benchmark. */
export async function run(): Promise<BenchResult> {
  const wall0 = performance.now();
  if (!existsSync(chromiumPath)) {
    return { name: 'browser', rows: [], details: [`skipped: Chromium not found at ${chromiumPath} (apt-get install -y chromium, or set CHROMIUM_PATH)`], wallMs: 0, peakRssBytes: peakRssBytes() };
  }
  const wav = process.env.BENCH_BROWSER_WAV ?? longWav(); // another file, to compare (the studio part always uses the 1-hour one)
  const peaks = await computePeaks(wav);
  const peaksJson = JSON.stringify({ channels: peaksToChannels(peaks.data, peaks.info.channels), peaksPerSecond: peaks.peaksPerSecond, durationMs: peaks.info.durationMs });
  const { server, origin } = await benchServer(wav, peaksJson, { data: peaks.data, channels: peaks.info.channels, durationMs: peaks.info.durationMs });
  const details: string[] = [
    `file: ${fmtMB(statSync(wav).size)} stereo 8 kHz 16-bit, 1 hour; peaks ${peaks.buckets} buckets × 2 channels: ${fmtMB(peaksJson.length)} as JSON numbers, ${fmtMB(peaks.data.length)} as bytes`,
  ];
  const rows: BenchRow[] = [];
  try {
    note('Chromium: precomputed peaks (JSON numbers, then 8-bit bytes) + MediaElement');
    await runPage(origin, 'peaks', 30_000); // warm the HTTP path and Chromium's disk cache of the binary
    const streamed = await runPage(origin, 'peaks', 30_000);
    const binary = await runPage(origin, 'peaks8', 30_000);
    note(`Chromium: wavesurfer default whole-file decode (cap ${fmtMs(DECODE_CAP_MS)})`);
    const decoded = await runPage(origin, 'decode', DECODE_CAP_MS);
    // the figure: peaks as 8-bit bytes, as the studio sends them now (base64 in its JSON reply since 94bc212)
    const s = drawnAndPlayable(binary);
    const d = drawnAndPlayable(decoded);
    const heap = binary.heapAfterGc ?? binary.heapPeak;
    rows.push({
      issue: 4,
      name: '1-hour WAV in Chromium: drawn + playable',
      figure: s === null ? 'did not finish' : `${fmtMs(s)}, heap ${fmtMB(heap)}`,
      baseline: d === null ? `decode: none in ${fmtMs(decoded.wallMs)}` : `decode ${fmtMs(d)}, heap ${fmtMB(decoded.heapAfterGc ?? decoded.heapPeak)}`,
      ratio: s !== null && d !== null ? s / d : null,
      target: '< 0.5 s, heap < 150 MB',
      pass: s !== null && s < TARGET_MS && heap < TARGET_HEAP,
    });
    details.push(`peaks as JSON numbers + MediaElement (the studio's transport before 94bc212): ${describe(streamed)}`);
    details.push(`peaks as their stored 8-bit bytes (${fmtMB(peaks.data.length)}; the studio now sends them base64) + MediaElement — the figure: ${describe(binary)}`);
    details.push(`default whole-file decode: ${describe(decoded)}`);
    details.push('marks are ms since navigation start; "drawn" = a waveform canvas has painted pixels, "playable" = media canplay, "playing" = currentTime moved after play()');
  } finally {
    server.close();
  }
  note('the studio: earshot serve + Chromium');
  const studio = await studioRun(longWav());
  details.push(...studio.lines);
  if (studio.row) rows.push(studio.row);
  return { name: 'browser', rows, details, wallMs: performance.now() - wall0, peakRssBytes: peakRssBytes() };
}
