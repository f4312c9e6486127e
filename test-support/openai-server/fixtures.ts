/** Test inputs pointed at a fake server: the example sets with fake speech synthesis, and system and judge configs. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../fixtures';

/** Copies `resources/episode-sets/<name>` into `dir`, synthesizing its questions at `baseUrl`; returns the new path. */
export function exampleSetAt(dir: string, name: string, baseUrl: string): string {
  const lines = readFileSync(join(repoRoot, 'resources', 'episode-sets', name), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  lines[0].synthesis = { engine: 'openai', baseUrl, model: 'fake-tts', voice: 'alloy' };
  const out = join(dir, name);
  writeFileSync(out, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return out;
}

/** A system config of `kind` at the fake server, fast (audio sent at once, quick retries). */
export function fakeSystem(kind: 'realtime' | 'cascade' | 'text', baseUrl: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const common = { id: `fake-${kind}`, baseUrl, retries: 3, retryBaseMs: 5, retryMaxMs: 50, responseTimeoutMs: 5000, turnGapMs: 300 };
  if (kind === 'realtime') return { kind, ...common, model: 'fake-realtime', pace: 'max', transcribeAgent: { model: 'fake-whisper' }, ...extra };
  if (kind === 'cascade') return { kind, ...common, stt: { model: 'fake-whisper' }, llm: { model: 'fake-chat' }, tts: { model: 'fake-tts', voice: 'alloy', format: 'wav' }, ...extra };
  return { kind, ...common, model: 'fake-chat', ...extra };
}

/** A judge config at the fake server. */
export function fakeJudge(baseUrl: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { id: 'fake-judge', baseUrl, model: 'fake-judge-model', votes: 3, retries: 3, retryBaseMs: 5, retryMaxMs: 50, ...extra };
}
