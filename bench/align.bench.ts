/**
 * Issue 18: aligning untimed turns to call audio. Accuracy on synthetic stereo calls assembled from the real τ² clips
 * (known offsets, background noise, noise bursts, crosstalk, overlaps), beside the naive baseline (turns in order,
 * spread evenly over the call) on the same calls; and the time to align a 1-hour stereo call from its WAV.
 */
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { alignToAudio, channelSegments, DEFAULT_ALIGN_SETTINGS } from '../main/align/align-audio';
import { planAlignment } from '../main/align/plan-alignment';
import { evenSpread } from '../main/align/even-spread';
import { framesToSegments } from '../main/align/segments';
import { VAD_FRAME_MS, VAD_SAMPLE_RATE, voiceActivity } from '../main/align/vad';
import { readLaneSamples } from '../main/audio/lane-samples';
import { buildSyntheticCall, writeCallWav, type SyntheticCall } from '../test-support/synthetic-call';
import { fmtMs, median, note, peakRssBytes, percentile } from './lib/measure';
import type { BenchResult } from './lib/result';

const CALLS = 20;
const TURNS = 24;
const LANES = ['user', 'agent'] as const;

function dir(): string {
  const d = join(tmpdir(), 'earshot-bench', 'align');
  mkdirSync(d, { recursive: true });
  return d;
}

/** Absolute errors (ms) of every start and end boundary. */
function boundaryErrors(call: SyntheticCall, spans: readonly ({ startMs: number; endMs: number } | null)[]): number[] {
  return call.truth.flatMap((t, i) => {
    const s = spans[i];
    return s ? [Math.abs(s.startMs - t.startMs), Math.abs(s.endMs - t.endMs)] : [call.durationMs, call.durationMs];
  });
}

/** The 1-hour call's WAV, written once per machine. */
async function hourCall(): Promise<{ path: string; turns: SyntheticCall['turns'] }> {
  const call = await buildSyntheticCall({
    seed: 99,
    seconds: 3600,
    sampleRate: 8000,
    noise: 0.01,
    overlap: 0.15,
    crosstalk: 0.03,
  });
  const path = join(dir(), 'call-1h-stereo-8k-clips.wav');
  if (!existsSync(path)) {
    note('writing a 1-hour stereo 8 kHz call assembled from the τ² clips');
    writeCallWav(`${path}.tmp`, call);
    renameSync(`${path}.tmp`, path);
  }
  return { path, turns: call.turns };
}

/**
 * The baseline for the 1-hour figure: the former path on the same file, both lanes read whole, then each lane's VAD
 * on this thread one after the other, then the same assignment; returns its wall time in ms.
 */
async function formerHourMs(path: string, turns: Parameters<typeof planAlignment>[0]): Promise<number> {
  const t0 = performance.now();
  const { lanes } = await readLaneSamples(path, VAD_SAMPLE_RATE);
  const channels = [];
  for (const lane of lanes) {
    const flags = await voiceActivity(lane, DEFAULT_ALIGN_SETTINGS.aggressiveness);
    channels.push(framesToSegments(flags, VAD_FRAME_MS, DEFAULT_ALIGN_SETTINGS));
  }
  planAlignment(turns, LANES, channels);
  return performance.now() - t0;
}

/** Runs the alignment benchmark. */
export async function run(): Promise<BenchResult> {
  const wall0 = performance.now();
  const aligned: number[] = [];
  const even: number[] = [];
  const byNoise: string[] = [];
  for (const noise of [0.003, 0.01, 0.02]) {
    const here: number[] = [];
    for (let c = 0; c < CALLS; c++) {
      const call = await buildSyntheticCall({
        seed: 1000 + c,
        turns: TURNS,
        sampleRate: 16000,
        noise,
        overlap: 0.2,
        crosstalk: 0.03,
      });
      const path = join(dir(), `call-${c}-${noise}.wav`);
      writeCallWav(path, call);
      const turns = call.turns.map((t) => ({ ...t, tool: false }));
      const plan = await alignToAudio(turns, path, LANES, DEFAULT_ALIGN_SETTINGS);
      const errors = boundaryErrors(call, plan.spans);
      here.push(...errors);
      aligned.push(...errors);
      even.push(...boundaryErrors(call, evenSpread(call.turns.length, call.durationMs)));
    }
    byNoise.push(`noise RMS ${noise}: median ${median(here)} ms, p90 ${percentile(here, 0.9)} ms`);
  }
  const hour = await hourCall();
  const turns = hour.turns.map((t) => ({ ...t, tool: false }));
  const times: number[] = [];
  const cpus: number[] = [];
  const former: number[] = [];
  let split = '';
  for (let i = 0; i < 3; i++) {
    former.push(await formerHourMs(hour.path, turns));
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const { channels } = await channelSegments(hour.path, DEFAULT_ALIGN_SETTINGS);
    const t1 = performance.now();
    planAlignment(turns, LANES, channels);
    const t2 = performance.now();
    const cpu = process.cpuUsage(cpu0);
    times.push(t2 - t0);
    cpus.push((cpu.user + cpu.system) / 1000);
    split = `read + VAD ${fmtMs(t1 - t0)}, assignment ${fmtMs(t2 - t1)} (${turns.length} turns, ${channels.map((c) => c.length).join(' + ')} segments)`;
  }
  const med = median(aligned);
  const p90 = percentile(aligned, 0.9);
  const hourMs = median(times);
  const formerMs = median(former);
  return {
    name: 'align',
    rows: [
      {
        issue: 18,
        name: 'alignment: median |boundary error|',
        figure: `${med} ms`,
        baseline: `${median(even)} ms even spread`,
        ratio: med / median(even),
        target: '< 150 ms',
        pass: med < 150,
      },
      {
        issue: 18,
        name: 'alignment: p90 |boundary error|',
        figure: `${p90} ms`,
        baseline: `${percentile(even, 0.9)} ms even spread`,
        ratio: p90 / percentile(even, 0.9),
        target: '< 400 ms',
        pass: p90 < 400,
      },
      {
        issue: 18,
        name: 'align a 1-hour stereo call',
        figure: fmtMs(hourMs),
        baseline: `${fmtMs(formerMs)} lanes whole, VAD in turn`,
        ratio: hourMs / formerMs,
        target: '< 2 s',
        pass: hourMs < 2000,
      },
    ],
    details: [
      `${3 * CALLS} calls of ${TURNS} turns (16 kHz stereo, user left, agent right), ${aligned.length} boundaries; WebRTC VAD mode ${DEFAULT_ALIGN_SETTINGS.aggressiveness}, pauses < ${DEFAULT_ALIGN_SETTINGS.minGapMs} ms bridged, blips < ${DEFAULT_ALIGN_SETTINGS.minSpeechMs} ms dropped`,
      ...byNoise,
      `1-hour call: median of 3 ${fmtMs(hourMs)} wall (runs ${times.map(fmtMs).join(', ')}), CPU time of this thread and its helpers ${cpus.map(fmtMs).join(', ')}; last run ${split}`,
      `1-hour call, baseline (both lanes read whole, then each lane's VAD on this thread in turn, same assignment): runs ${former.map(fmtMs).join(', ')}`,
    ],
    wallMs: performance.now() - wall0,
    peakRssBytes: peakRssBytes(),
  };
}
