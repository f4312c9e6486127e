/**
 * Bytes that are not UTF-8 in any file an import reads are refused naming the file, the record and the field, and
 * nothing is written; they used to become U+FFFD without a word.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixture } from '../../test-support/fixtures';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { removeTempDirs, tempDir, writeFiles } from '../../test-support/temp-files';
import { listStudies } from '../db/studies';
import { ImportError } from './batch';
import type { SourceFormat } from './detect';
import { importPath } from './import-path';
import { decodeUtf8, firstInvalidUtf8 } from './utf8';

afterAll(removeTempDirs);

let t: TempServices;
beforeEach(async () => {
  t = await tempServices({ demo: false });
});
afterEach(() => t.cleanup());

const now = new Date('2026-01-02T03:04:05Z');
const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));

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

describe('finding invalid UTF-8', () => {
  it('accepts every well-formed sequence and stops at the first ill-formed one', () => {
    expect(firstInvalidUtf8(Buffer.from('aé€😀 τ²'))).toBe(-1);
    const cases: [number[], number][] = [
      [[0x61, 0xff], 1],
      [[0xc0, 0x80], 0], // overlong NUL
      [[0xe0, 0x80, 0x80], 0], // overlong
      [[0x61, 0xed, 0xa0, 0x80], 1], // a UTF-16 surrogate
      [[0xf4, 0x90, 0x80, 0x80], 0], // past U+10FFFF
      [[0xe2, 0x82], 0], // cut short
      [[0x61, 0x80], 1], // a lone continuation byte
    ];
    for (const [input, at] of cases) expect(firstInvalidUtf8(Buffer.from(input)), input.join(' ')).toBe(at);
  });

  it('decodes UTF-8 without its byte-order mark, and refuses anything else with the byte, the record and the field', () => {
    expect(decodeUtf8(bytes([0xef, 0xbb, 0xbf], 'id'), 'f')).toBe('id');
    let err: ImportError | null = null;
    try {
      decodeUtf8(bytes('one\ntwo ', [0xff, 0xfe]), 'f.txt');
    } catch (e) {
      err = e as ImportError;
    }
    expect(err).toBeInstanceOf(ImportError);
    expect(err!.message).toBe(
      'f.txt: line 2: (text): invalid UTF-8 at byte 8 of the file (ff fe); save the file as UTF-8',
    );
  });
});

describe('every reader refuses invalid UTF-8 by name', () => {
  const episode = (id: string) => JSON.stringify({ schema: 'earshot-episode-v1', id, turns: [] });

  it('generic JSONL: an id with a stray byte, naming the line and the field', async () => {
    const root = writeFiles(tempDir(), {
      'calls.jsonl': bytes(`${episode('a')}\n${episode('b')}\n{"schema":"earshot-episode-v1","id":"c`, [0xe9], '"}\n'),
    });
    const err = await refused(join(root, 'calls.jsonl'), 'generic');
    expect(where(err)).toEqual(['calls.jsonl', 'line 3', 'id']);
    expect(err.problem).toMatch(/^invalid UTF-8 at byte \d+ of the file \(e9 22 7d\); save the file as UTF-8$/);
  });

  it('generic JSONL: a turn text deep in a line', async () => {
    const line = bytes(
      '{"schema":"earshot-episode-v1","id":"a","turns":[{"speaker":"user","text":"ok"},{"speaker":"agent","text":"caf',
      [0xc3],
      '"}]}',
    );
    const root = writeFiles(tempDir(), { 'calls.jsonl': line });
    expect(where(await refused(join(root, 'calls.jsonl'), 'generic'))).toEqual([
      'calls.jsonl',
      'line 1',
      'turns[1].text',
    ]);
  });

  it('τ² simulation file, naming the field', async () => {
    const info = {
      user_info: { implementation: 'user_simulator' },
      agent_info: { implementation: 'llm_agent', llm: 'gpt-4.1-mini' },
      environment_info: { domain_name: 'airline' },
    };
    const sim = {
      id: 'a',
      task_id: '7',
      duration: 12.5,
      start_time: '2025-01-01T10:00:00.000000',
      end_time: '2025-01-01T10:01:00.000000',
      termination_reason: 'user_stop',
      messages: [{ role: 'assistant', content: 'Hi ', timestamp: '2025-01-01T10:00:00.000000' }],
    };
    const text = JSON.stringify(sim).split('Hi ');
    const root = writeFiles(tempDir(), {
      'results.json': { timestamp: 't', info },
      'simulations/a.json': bytes(text[0], 'Hi ', [0xa0], text[1]),
    });
    expect(where(await refused(root, 'tau2'))).toEqual(['simulations/a.json', 'file', 'messages[0].content']);
  });

  describe('τ-Elicitation archive', () => {
    const regular = 'transcripts/main_runs__modeb_gemini_high_regular_2026-09-02.jsonl';
    const transcript = readFileSync(fixture('tau-elicitation', regular), 'utf8').split('\n').filter(Boolean);
    const manifest = readFileSync(fixture('tau-elicitation', 'results', 'manifest.csv'), 'utf8');
    const validation = readFileSync(fixture('tau-elicitation', 'judge_validation', 'validation.csv'), 'utf8');

    it('a transcript line, naming the line and the field', async () => {
      const [head, tail] = transcript[1].split('"simulation_id":"');
      const root = writeFiles(tempDir(), {
        'results/manifest.csv': manifest,
        [regular]: bytes(`${transcript[0]}\n${head}"simulation_id":"`, [0xfc], tail, '\n'),
      });
      expect(where(await refused(root, 'tau-elicitation'))).toEqual([regular, 'line 2', 'simulation_id']);
    });

    it('a cell of validation.csv, naming the row and the column', async () => {
      const rows = validation.split('\n');
      const notes = rows[0].split(',').indexOf('human_notes_a');
      expect(notes).toBeGreaterThan(0);
      const root = writeFiles(tempDir(), {
        'results/manifest.csv': manifest,
        [regular]: `${transcript[0]}\n`,
        'judge_validation/validation.csv': bytes(`${rows[0]}\n${rows[1]}\n`, [0xff], `${rows[2]}\n`),
      });
      const err = await refused(root, 'tau-elicitation');
      expect(where(err)).toEqual(['judge_validation/validation.csv', 'row 2', rows[0].split(',')[0]]);
    });
  });

  it('τ² Audacity label track, naming the line and the column', async () => {
    const info = {
      user_info: { implementation: 'user_simulator' },
      agent_info: { implementation: 'llm_agent', llm: 'gpt-4.1-mini' },
      environment_info: { domain_name: 'airline' },
    };
    const sim = {
      id: 'a',
      task_id: '7',
      duration: 12.5,
      start_time: '2025-01-01T10:00:00.000000',
      end_time: '2025-01-01T10:01:00.000000',
      termination_reason: 'user_stop',
      messages: [{ role: 'assistant', content: 'Hi', timestamp: '2025-01-01T10:00:00.000000' }],
    };
    const root = writeFiles(tempDir(), {
      'results.json': { timestamp: 't', info },
      'simulations/a.json': sim,
      'artifacts/task_7/sim_a/audio/user_labels.txt': bytes('0.0\t1.0\thello\n1.0\t2.0\tna', [0xef, 0xbb], '\n'),
    });
    const err = await refused(root, 'tau2');
    expect(where(err)).toEqual(['artifacts/task_7/sim_a/audio/user_labels.txt', 'line 2', 'text']);
  });
});
