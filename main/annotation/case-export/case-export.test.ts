import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempServices, type TempServices } from '../../../test-support/temp-services';
import { importStudy, writeJsonl } from '../../../test-support/import-study';
import { writePcm16 } from '../../../test-support/wav';
import { removeTempDirs, tempDir } from '../../../test-support/temp-files';
import { dispatch } from '../../api/dispatch';
import type { CasebookCase } from '../../../shared/types/casebook';
import { readWavHeader } from '../../audio/wav-header';
import { exportStudyCases, renderCase, singleFileHtml } from './case-export';
import type { CaseMaterial } from './case-material';

let t: TempServices;
let ana: number, ben: number, judy: number;
let regionCase: CasebookCase;

const HOSTILE = '<script>alert(1)</script><img src=x onerror="alert(2)"> & \'quotes\'';

async function ok<T>(method: string, input: unknown): Promise<T> {
  const res = await dispatch(t.services, method, input);
  if (!res.ok) throw new Error(`${method}: ${res.error.message}`);
  return res.result as T;
}

const label = (episodeId: number, annotatorId: number, field: string, value: unknown) =>
  ok('labels.set', { episodeId, annotatorId, field, value });

beforeAll(async () => {
  t = await tempServices();
  const make = async (name: string, role = 'annotator') =>
    (await ok<{ id: number }>('annotators.create', { name, role })).id;
  [ana, ben, judy] = [await make('Ana'), await make('Ben'), await make('Judy', 'adjudicator')];
  await label(1, ana, 'source', 'agent');
  await label(1, ana, 'notes', 'Agent swapped digits 4 and 5.');
  await label(1, ben, 'source', 'user');
  await label(1, ben, 'notes', HOSTILE);
  await ok('adjudication.decide', {
    episodeId: 1,
    field: 'source',
    value: 'agent',
    rationale: 'the order id was read back wrong',
    adjudicatorId: judy,
  });
  regionCase = await ok<CasebookCase>('casebook.add', {
    episodeId: 1,
    annotatorId: ana,
    category: 'misheard digits',
    note: HOSTILE,
    startMs: 9087,
    endMs: 13_707,
  });
});
afterAll(() => {
  t.cleanup();
  removeTempDirs();
});

describe('a case exported whole (the study lead)', () => {
  it('holds the clip with 3 s either side, the excerpt, the judge, both annotators, and the adjudication', () => {
    const r = renderCase(t.services.db, regionCase.id, null);
    const m = r.material;
    expect(m.clip).toEqual({ startMs: 6087, endMs: 16_707 });
    expect(m.transcript.map((x) => x.speaker)).toEqual(['user', 'tool', 'agent', 'user', 'agent']);
    expect(m.judge).toMatchObject({ judgeId: 'demo-judge', label: 'fail' });
    expect(m.annotators.map((a) => [a.name, a.labels.find((l) => l.field === 'source')?.value])).toEqual([
      ['Ana', 'agent'],
      ['Ben', 'user'],
    ]);
    expect(m.annotators[1].notes).toBe(HOSTILE);
    expect(m.adjudications).toEqual([
      expect.objectContaining({ field: 'source', value: 'agent', adjudicator: 'Judy' }),
    ]);
    expect(r.wav!.length).toBe(44 + Math.round(10.62 * 8000) * 2 * 2);
  });

  it('draws both lanes, the overlap of turns 3 and 4, the latencies and the region in the SVG, and a PNG', () => {
    const r = renderCase(t.services.db, regionCase.id, null);
    expect(r.svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="960" height="210"/);
    expect(r.svg).toContain('>user</text>');
    expect(r.svg).toContain('>agent</text>');
    // The user's "It is one two three four five." starts at 13.407 s, while the agent speaks until 13.707 s.
    expect(r.svg).toContain('<title>overlap 300 ms</title>');
    // Two latencies (7.987 → 9.087 s, 15.085 → 15.735 s), each a bracket of three lines.
    expect(r.svg.match(/stroke="#d97706"/g)!.length).toBe(2 * 3);
    expect(r.svg).toContain('<title>case 0:09–0:14</title>');
    expect([...r.png.subarray(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
    expect(r.png.readUInt32BE(16)).toBe(1920);
  });

  it('escapes every imported and typed text in the HTML: a hostile note stays text and no script is there', () => {
    const html = singleFileHtml(renderCase(t.services.db, regionCase.id, null));
    expect(html).not.toMatch(/<script|<img|onerror="/i);
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;&#60;img src=x onerror=&#34;alert(2)&#34;&#62;');
    expect(html).toContain("default-src 'none'");
    expect(html).toMatch(
      /<audio controls preload="metadata" data-testid="case-audio" src="data:audio\/wav;base64,UklGR/,
    );
  });
});

describe('a case as a blind annotator exports it', () => {
  it('keeps only their own labels and leaves the adjudication out', async () => {
    await ok('annotation.updateSettings', { studyId: 1, blind: true });
    const m: CaseMaterial = renderCase(t.services.db, regionCase.id, ana).material;
    expect(m.othersHidden).toBe(true);
    expect(m.annotators.map((a) => a.name)).toEqual(['Ana']);
    expect(m.adjudications).toEqual([]);
    expect(() => renderCase(t.services.db, regionCase.id, ben)).toThrow(/blind: you see only the cases you added/);
  });
});

describe('exportStudyCases', () => {
  it('writes a folder per case: case.html beside clip.wav, timeline.svg and .png, case.json, transcript.txt', () => {
    const out = tempDir('earshot-cases-');
    const [done] = exportStudyCases(t.services.db, 1, { out, html: false });
    expect(done.path).toBe(join(out, `case-${regionCase.id}-misheard-digits-demo-retail-order-status`));
    expect(readdirSync(done.path).sort()).toEqual([
      'case.html',
      'case.json',
      'clip.wav',
      'timeline.png',
      'timeline.svg',
      'transcript.txt',
    ]);
    expect(readWavHeader(join(done.path, 'clip.wav'))).toMatchObject({
      channels: 2,
      sampleRate: 8000,
      durationMs: 10_620,
    });
    const json = JSON.parse(readFileSync(join(done.path, 'case.json'), 'utf8')) as CaseMaterial;
    expect(json).toMatchObject({ format: 'earshot-case-v1', case: { category: 'misheard digits', kind: 'region' } });
    expect(readFileSync(join(done.path, 'transcript.txt'), 'utf8')).toContain(
      '[0:13–0:15] user: It is one two three four five.',
    );
    expect(readFileSync(join(done.path, 'case.html'), 'utf8')).toContain('src="clip.wav"');
  });

  it('writes single HTML files for one category, and says so when a category has no cases', () => {
    const out = tempDir('earshot-cases-');
    const files = exportStudyCases(t.services.db, 1, { out, html: true, category: 'misheard digits' });
    expect(files.map((f) => f.path.endsWith('.html'))).toEqual([true]);
    expect(() => exportStudyCases(t.services.db, 1, { out, html: true, category: 'nothing' })).toThrow(
      'study "Demo study" has no cases in category "nothing" in its casebook',
    );
  });

  it('escapes a hostile transcript from an imported call', async () => {
    const dir = tempDir('earshot-hostile-');
    writePcm16(join(dir, 'call.wav'), 8000, 2, 16_000, (i) => Math.sin(i / 10) * 0.2);
    const path = writeJsonl(dir, 'hostile.jsonl', [
      { schema: 'earshot-study-v1', name: 'Hostile', description: 'markup in the data' },
      {
        schema: 'earshot-episode-v1',
        id: 'h-1',
        system: 's',
        duration_ms: 2000,
        turns: [
          { speaker: 'user', start_ms: 0, end_ms: 900, text: HOSTILE },
          { speaker: 'agent', start_ms: 1000, end_ms: 1900, text: '</svg><svg onload=alert(3)>' },
        ],
        audio: [{ path: 'call.wav', role: 'call', lanes: ['user', 'agent'] }],
      },
    ]);
    const studyId = await importStudy(t.services, path, 'Hostile');
    const episodeId = (await ok<{ id: number }[]>('episodes.list', { studyId }))[0].id;
    const c = await ok<CasebookCase>('casebook.add', {
      episodeId,
      annotatorId: judy,
      category: '<b>bold</b>',
      note: '',
      startMs: 500,
    });
    const html = singleFileHtml(renderCase(t.services.db, c.id, judy));
    expect(html).not.toMatch(/<script|<img|<svg onload|<b>/i);
    expect(html).toContain('&#60;/svg&#62;&#60;svg onload=alert(3)&#62;');
    expect(html.match(/<svg /g)).toHaveLength(1);
  });
});
