/**
 * The hostile-file corpus: every reader, given a folder or file where one part passes a limit, refuses the whole import
 * by name (file, record, field) and writes nothing, or, for audio, skips that file with a warning naming it, as it
 * skips a broken one.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixture } from '../../test-support/fixtures';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { wavBytes, writePcm16 } from '../../test-support/wav';
import { listStudies } from '../db/studies';
import { ImportError } from './batch';
import type { SourceFormat } from './detect';
import { importPath } from './import-path';
import { ffmpegAvailable } from '../audio/audio-peaks';
import { MAX_FIELD_CHARS, MAX_TURN_TEXT_CHARS, MAX_TURNS } from './limits';
import { removeTempDirs, tempDir, writeFiles } from '../../test-support/temp-files';

afterAll(removeTempDirs);

let t: TempServices;
beforeEach(async () => {
  t = await tempServices({ demo: false });
});
afterEach(() => t.cleanup());

const now = new Date('2026-01-02T03:04:05Z');
const bomb = (depth = 100_000) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
/** The 1,024-channel WAV at 1 Hz of the hardening issue (2 MB). */
const channelBomb = () =>
  wavBytes({ sampleRate: 1, channels: 1024, bitsPerSample: 16, data: Buffer.alloc(2 * 1024 * 1024) });

/** The ImportError an import of `path` fails with; the database must hold no study afterwards. */
async function refused(path: string, format: SourceFormat): Promise<ImportError> {
  let failure: unknown = null;
  try {
    await importPath(t.services.db, path, format, { now });
  } catch (err) {
    failure = err;
  }
  expect(failure).toBeInstanceOf(ImportError);
  expect(listStudies(t.services.db)).toEqual([]);
  return failure as ImportError;
}

const where = (err: ImportError) => [err.file, err.record, err.field];

describe('τ² run folder', () => {
  const info = {
    user_info: { implementation: 'user_simulator', llm: 'gpt-4.1' },
    agent_info: { implementation: 'llm_agent', llm: 'gpt-4.1-mini' },
    environment_info: { domain_name: 'airline' },
  };
  const times = {
    start_time: '2025-01-01T10:00:00.000000',
    end_time: '2025-01-01T10:01:00.000000',
    termination_reason: 'user_stop',
  };
  const sim = (id: string, extra: object = {}) => ({
    id,
    task_id: '7',
    trial: 0,
    duration: 12.5,
    ...times,
    messages: [{ role: 'assistant', content: 'Hi! How can I help?', timestamp: times.start_time, turn_idx: 0 }],
    ...extra,
  });
  const run = (files: Record<string, string | Uint8Array | object>) =>
    writeFiles(tempDir(), {
      'results.json': { timestamp: 't', info },
      'simulations/a.json': sim('a'),
      'simulations/b.json': sim('b'),
      ...files,
    });
  const text = (value: object) => JSON.stringify(value);

  it('refuses the whole run when one simulation nests 100,000 deep', async () => {
    const root = run({ 'simulations/c.json': text(sim('c')).replace(/}$/, `,"extra":${bomb()}}`) });
    const err = await refused(root, 'tau2');
    expect(where(err)).toEqual(['simulations/c.json', 'file', 'extra.a.a.a.a.a.a.a…']);
    expect(err.message).toBe(
      'simulations/c.json: file: extra.a.a.a.a.a.a.a…: arrays and objects nested more than 64 levels deep',
    );
  });

  it('refuses a message longer than a field may be, naming it', async () => {
    const long = sim('c', {
      messages: [{ role: 'user', content: 'x'.repeat(MAX_FIELD_CHARS + 1), timestamp: times.start_time }],
    });
    expect(where(await refused(run({ 'simulations/c.json': long }), 'tau2'))).toEqual([
      'simulations/c.json',
      'file',
      'messages[0].content',
    ]);
  });

  it('refuses a simulation file over 64 MiB before reading it', async () => {
    const root = run({ 'simulations/c.json': sim('c') });
    truncateSync(join(root, 'simulations/c.json'), 64 * 1024 * 1024 + 1);
    const err = await refused(root, 'tau2');
    expect(where(err)).toEqual(['simulations/c.json', 'file', '(size)']);
    expect(err.problem).toMatch(/more than the 64 MiB a τ² simulation file may have/);
  });

  it('refuses a speech run whose text, joined from its ticks, is longer than a turn may be', async () => {
    const tick = (id: number) => ({
      tick_id: id,
      timestamp: times.start_time,
      user_chunk: { role: 'user', contains_speech: true, content: 'x'.repeat(MAX_TURN_TEXT_CHARS / 2) },
      agent_chunk: { role: 'assistant', contains_speech: false },
    });
    const fd = sim('c', { messages: undefined, mode: 'full_duplex', ticks: [tick(0), tick(1), tick(2)] });
    const err = await refused(run({ 'simulations/c.json': fd }), 'tau2');
    expect(where(err)).toEqual(['simulations/c.json', 'simulation 3 (id "c")', 'turns[0].text']);
    expect(err.problem).toMatch(/^turn 1 \(user, from 0\.0 s\) has 300000 characters of text, more than the 200000/);
  });

  it('refuses an Audacity label longer than a turn may be, naming the label file and line', async () => {
    const labels = `0.0\t1.0\tok\n1.0\t2.0\t${'x'.repeat(MAX_TURN_TEXT_CHARS + 1)}\n`;
    const err = await refused(run({ 'artifacts/task_7/sim_a/audio/user_labels.txt': labels }), 'tau2');
    expect(where(err)).toEqual(['artifacts/task_7/sim_a/audio/user_labels.txt', 'line 2', 'text']);
  });

  it('refuses a monolithic results file that nests too deep, naming the simulation', async () => {
    const root = writeFiles(tempDir(), {
      'run.json': `{"timestamp":"t","info":${text(info)},"simulations":[${text(sim('a'))},{"id":"b","x":${bomb(70)}}]}`,
    });
    expect(where(await refused(join(root, 'run.json'), 'tau2'))).toEqual([
      'run.json',
      'simulation 2 (id "b")',
      'x.a.a.a.a.a.a.a…',
    ]);
  });

  it('skips a 1,024-channel both.wav with a warning naming it, and imports the rest', async () => {
    const root = run({ 'artifacts/task_7/sim_a/audio/both.wav': channelBomb() });
    const summary = await importPath(t.services.db, root, 'tau2', { now });
    expect(summary).toMatchObject({ episodes: 2, audio: 0 });
    expect(summary.warnings).toEqual([
      expect.stringMatching(
        /^simulations\/a\.json: simulation 1 \(id "a"\): audio skipped: .*both\.wav: .*1024 channels, more than the 8/,
      ),
    ]);
  });
});

describe('generic JSONL', () => {
  const episode = (id: string, extra: object = {}) =>
    JSON.stringify({ schema: 'earshot-episode-v1', id, turns: [{ speaker: 'user', text: 'hi' }], ...extra });
  const study = (lines: string[], files: Record<string, Uint8Array> = {}) =>
    join(writeFiles(tempDir(), { 'study.jsonl': lines.join('\n'), ...files }), 'study.jsonl');

  it('refuses the file when line 3 nests info 100,000 deep (the issue’s case), writing nothing', async () => {
    const line = episode('e3').replace(/}$/, `,"info":${bomb()}}`);
    const err = await refused(study([episode('e1'), episode('e2'), line]), 'generic');
    expect(where(err)).toEqual(['study.jsonl', 'line 3', 'info.a.a.a.a.a.a.a…']);
  });

  it('refuses a turn of 200 MiB of text by line and field', async () => {
    const err = await refused(
      study([episode('e1', { turns: [{ speaker: 'user', text: 'x'.repeat(200 * 1024 * 1024) }] })]),
      'generic',
    );
    expect(where(err)).toEqual(['study.jsonl', 'line 1', 'turns[0].text']);
    expect(err.problem).toBe(
      `a string of ${200 * 1024 * 1024} characters, more than the ${MAX_FIELD_CHARS} a field may have`,
    );
  });

  it('refuses a turn longer than a turn may be, and more turns than an episode may have', async () => {
    const long = episode('e1', { turns: [{ speaker: 'agent', text: 'x'.repeat(MAX_TURN_TEXT_CHARS + 1) }] });
    expect(where(await refused(study([long]), 'generic'))).toEqual(['study.jsonl', 'line 1', 'turns[0].text']);
    const many = episode('e2', { turns: Array.from({ length: MAX_TURNS + 1 }, () => ({ speaker: 'user', text: '' })) });
    expect(where(await refused(study([episode('e1'), many]), 'generic'))).toEqual(['study.jsonl', 'line 2', 'turns']);
  });

  it('refuses a 1,024-channel WAV by line and field, writing nothing', async () => {
    const line = episode('e1', { audio: [{ path: 'bomb.wav' }] });
    const err = await refused(study([line], { 'bomb.wav': channelBomb() }), 'generic');
    expect(where(err)).toEqual(['study.jsonl', 'line 1', 'audio.0.path']);
    expect(err.problem).toBe('audio file "bomb.wav" header says 1024 channels, more than the 8 an audio file may have');
  });

  it('refuses a WAV whose header cannot be read by line and field, before anything is written', async () => {
    const good = episode('e1');
    const broken = episode('e2', { audio: [{ path: 'cut.wav' }] });
    const err = await refused(study([good, broken], { 'cut.wav': channelBomb().subarray(0, 30) }), 'generic');
    expect(where(err)).toEqual(['study.jsonl', 'line 2', 'audio.0.path']);
    expect(err.problem).toBe('audio file "cut.wav" cannot be read as WAV: fmt chunk is truncated');
  });

  // ffmpeg (with ffprobe) is installed by .ci/run; without it a FLAC's header cannot be read before it is decoded.
  it.runIf(ffmpegAvailable())('refuses a FLAC whose header is past the limits, before decoding it', async () => {
    const path = study([episode('e1', { audio: [{ path: 'low.flac' }] })]);
    const flac = join(path, '..', 'low.flac');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=r=4000:d=1', flac]);
    const err = await refused(path, 'generic');
    expect(where(err)).toEqual(['study.jsonl', 'line 1', 'audio.0.path']);
    expect(err.problem).toBe(
      'audio file "low.flac" header says 4000 Hz, outside the 8000–192000 Hz an audio file may have',
    );
  });

  it('refuses audio over 4 GiB by line and field, whatever its format', async () => {
    const path = study([episode('e1', { audio: [{ path: 'call.mp3' }] })], { 'call.mp3': Buffer.from('ID3') });
    truncateSync(join(path, '..', 'call.mp3'), 4 * 1024 ** 3 + 1);
    const err = await refused(path, 'generic');
    expect(where(err)).toEqual(['study.jsonl', 'line 1', 'audio.0.path']);
    expect(err.problem).toBe(
      'audio file "call.mp3" is 4,294,967,297 bytes, more than the 4 GiB an audio file may have',
    );
  });

  it('refuses a JSONL file over 500 MiB before reading it', async () => {
    const path = study([episode('e1')]);
    truncateSync(path, 500 * 1024 * 1024 + 1);
    expect(where(await refused(path, 'generic'))).toEqual(['study.jsonl', 'file', '(size)']);
  });

  it('still imports a good file with its audio', async () => {
    const root = tempDir();
    writePcm16(join(root, 'a.wav'), 8000, 2, 800, () => 0);
    writeFileSync(join(root, 'study.jsonl'), episode('e1', { audio: [{ path: 'a.wav' }] }));
    expect(await importPath(t.services.db, join(root, 'study.jsonl'), 'generic', { now })).toMatchObject({
      episodes: 1,
      audio: 1,
    });
  });
});

describe('VERA folder', () => {
  const copy = () => {
    const root = tempDir();
    cpSync(fixture('vera', 'test_voice_episodes'), root, { recursive: true });
    return root;
  };

  it('refuses the folder when a second episodes file nests too deep', async () => {
    const root = copy();
    writeFileSync(join(root, 'more.json'), `{"episodes":[${bomb()}]}`);
    expect(where(await refused(root, 'vera'))).toEqual(['more.json', 'episode 1', 'episodes[0].a.a.a.a.a.a…']);
  });

  it('refuses a context document longer than a field may be, naming the episode', async () => {
    const root = copy();
    const data = JSON.parse(readFileSync(join(root, 'test.json'), 'utf8')) as {
      episodes: { context_documents: object[] }[];
    };
    data.episodes[3].context_documents = [{ content: 'x'.repeat(MAX_FIELD_CHARS + 1) }];
    writeFileSync(join(root, 'test.json'), JSON.stringify(data));
    expect(where(await refused(root, 'vera'))).toEqual([
      'test.json',
      'episode 4 (id "vera_mrcr_00c44580")',
      'episodes[3].context_documents[0].content',
    ]);
  });

  it('skips a 1,024-channel prompt WAV with a warning, and imports every episode', async () => {
    const root = copy();
    writeFileSync(join(root, 'audio', 'vera_aime_0a923d23.wav'), channelBomb());
    const summary = await importPath(t.services.db, root, 'vera', { now });
    expect(summary).toMatchObject({ episodes: 5, audio: 4 });
    expect(summary.warnings).toEqual([
      expect.stringMatching(/^vera_aime_0a923d23: prompt audio skipped: .*header says 1024 channels/),
    ]);
  });
});

describe('τ-Elicitation archive', () => {
  const regular = 'transcripts/main_runs__modeb_gemini_high_regular_2026-09-02.jsonl';
  const lines = readFileSync(fixture('tau-elicitation', regular), 'utf8').split('\n').filter(Boolean);
  const manifest = readFileSync(fixture('tau-elicitation', 'results', 'manifest.csv'), 'utf8');

  it('refuses the archive when line 2 of a transcripts file has a tool result longer than a field may be', async () => {
    const second = JSON.parse(lines[1]) as { turns: { tool_result?: string }[] };
    const k = second.turns.findIndex((turn) => typeof turn.tool_result === 'string');
    second.turns[k].tool_result = 'x'.repeat(MAX_FIELD_CHARS + 1);
    const root = writeFiles(tempDir(), {
      'results/manifest.csv': manifest,
      [regular]: `${lines[0]}\n${JSON.stringify(second)}\n`,
    });
    expect(where(await refused(root, 'tau-elicitation'))).toEqual([regular, 'line 2', `turns[${k}].tool_result`]);
  });

  it('refuses a CSV cell longer than a field may be, naming the row and the column', async () => {
    const header = manifest.split('\n')[0];
    const columns = header.split(',');
    const row = columns.map((c) => (c === 'system' ? 'x'.repeat(MAX_FIELD_CHARS + 1) : 'v')).join(',');
    const root = writeFiles(tempDir(), { 'results/manifest.csv': `${header}\n${row}\n`, [regular]: `${lines[0]}\n` });
    expect(where(await refused(root, 'tau-elicitation'))).toEqual(['results/manifest.csv', 'row 1 ("v")', 'system']);
  });

  it('skips a 1,024-channel example WAV with a warning naming it', async () => {
    const example = 'examples/agent_directed_grok_51faf120-56d8-4c6f-a7a4-349c569a166c';
    const root = writeFiles(tempDir(), {
      'results/manifest.csv': manifest,
      [`${example}.json`]: readFileSync(fixture('tau-elicitation', `${example}.json`), 'utf8'),
      [`${example}.wav`]: channelBomb(),
    });
    const summary = await importPath(t.services.db, root, 'tau-elicitation', { now });
    expect(summary).toMatchObject({ episodes: 1, audio: 0 });
    expect(summary.warnings).toContainEqual(
      expect.stringMatching(new RegExp(`^${example}\\.wav: audio skipped: .*1024 channels`)),
    );
  });
});
