import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { writePcm16, wavBytes } from '../../test-support/wav';
import { readGenericJsonl } from './generic/read-generic';
import { writeBatch } from './write-batch';
import type { Db } from '../db/open';

let t: TempServices;
let dir: string;
beforeEach(async () => {
  t = await tempServices({ demo: false });
  dir = mkdtempSync(join(tmpdir(), 'earshot-write-'));
});
afterEach(() => {
  t.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

function counts(db: Db) {
  const n = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  return { studies: n('studies'), episodes: n('episodes'), turns: n('turns'), audio: n('audio_assets'), judgements: n('judgements'), annotations: n('annotations'), history: n('label_history') };
}

function study(lines: unknown[]): string {
  const f = join(dir, 'study.jsonl');
  writeFileSync(f, lines.map((l) => JSON.stringify(l)).join('\n'));
  return f;
}

const episode = (id: string, extra: Record<string, unknown> = {}) => ({
  schema: 'earshot-episode-v1', id, system: 's', turns: [{ speaker: 'user', start_ms: 0, end_ms: 500, text: 'hi' }],
  audio: [{ path: 'a.wav', lanes: ['user', 'agent'] }], judgements: [{ judge_id: 'j', label: 'fail' }],
  annotations: [{ annotator: 'A', field: 'source', value: 'agent' }], ...extra,
});

describe('writeBatch', () => {
  it('writes everything and reports the counts', async () => {
    writePcm16(join(dir, 'a.wav'), 8000, 2, 8000, (i) => Math.sin(i));
    const batch = await readGenericJsonl(study([episode('e1'), episode('e2')]));
    const summary = await writeBatch(t.services.db, batch, { now: new Date() });
    expect(summary).toMatchObject({ episodes: 2, turns: 2, audio: 1, judgements: 2, annotations: 2, unchanged: false });
    expect(counts(t.services.db)).toEqual({ studies: 1, episodes: 2, turns: 2, audio: 1, judgements: 2, annotations: 2, history: 2 });
  });

  it('changes nothing when the same files are imported again', async () => {
    writePcm16(join(dir, 'a.wav'), 8000, 2, 8000, (i) => Math.sin(i));
    const f = study([episode('e1')]);
    await writeBatch(t.services.db, await readGenericJsonl(f), { now: new Date() });
    const before = counts(t.services.db);
    const again = await writeBatch(t.services.db, await readGenericJsonl(f), { now: new Date() });
    expect(again.unchanged).toBe(true);
    expect(counts(t.services.db)).toEqual(before);
  });

  it('is all or nothing: a truncated WAV on the last episode leaves the database as it was', async () => {
    writePcm16(join(dir, 'a.wav'), 8000, 2, 8000, (i) => Math.sin(i));
    writeFileSync(join(dir, 'b.wav'), wavBytes({ sampleRate: 8000, channels: 1, bitsPerSample: 16, data: Buffer.alloc(10), declaredDataBytes: 5000 }));
    const batch = await readGenericJsonl(study([episode('e1'), episode('e2', { audio: [{ path: 'b.wav' }] })]));
    await expect(writeBatch(t.services.db, batch, { now: new Date() })).rejects.toThrow(/b\.wav: header says the data chunk has 5000 bytes/);
    expect(counts(t.services.db)).toEqual({ studies: 0, episodes: 0, turns: 0, audio: 0, judgements: 0, annotations: 0, history: 0 });
  });

  it('refuses an episode that already exists with different content, and writes nothing of the batch', async () => {
    writePcm16(join(dir, 'a.wav'), 8000, 2, 8000, (i) => Math.sin(i));
    await writeBatch(t.services.db, await readGenericJsonl(study([episode('e1')])), { now: new Date() });
    const before = counts(t.services.db);
    const changed = await readGenericJsonl(study([episode('e0'), episode('e1', { system: 'other' })]));
    await expect(writeBatch(t.services.db, changed, { now: new Date() })).rejects.toThrow(/episode 2 \(e1\): externalId: already in the study with different content/);
    expect(counts(t.services.db)).toEqual(before);
  });

  it('stops before writing anything when cancelled', async () => {
    writePcm16(join(dir, 'a.wav'), 8000, 2, 8000, (i) => Math.sin(i));
    const controller = new AbortController();
    controller.abort();
    await expect(writeBatch(t.services.db, await readGenericJsonl(study([episode('e1')])), { now: new Date(), signal: controller.signal })).rejects.toThrow();
    expect(counts(t.services.db).episodes).toBe(0);
  });
});
