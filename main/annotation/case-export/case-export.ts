/**
 * Exports casebook cases: each as a folder (case.html with clip.wav, timeline.svg and timeline.png beside it,
 * case.json, transcript.txt) or as one HTML file with the clip and the figures inside as data: URIs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../db/open';
import { fileNamePart } from '../../../shared/file-name';
import { studyCases } from '../../db/casebook';
import { cutWavClip } from '../../audio/wav-clip';
import { DomainError } from '../../domain/errors';
import { requireStudy } from '../lookups';
import { gatherCase, type CaseMaterial } from './case-material';
import { callActivity } from './call-activity';
import { clockLabel, timelineFigure } from './timeline-figure';
import { figureSvg } from './figure-svg';
import { figurePng } from './figure-png';
import { caseHtml } from './case-html';

/** A case with its clip and figures made. */
export interface RenderedCase {
  material: CaseMaterial;
  wav: Buffer | null;
  svg: string;
  png: Buffer;
}

/** One exported case: its id and the folder or file written. */
export interface ExportedCase {
  caseId: number;
  category: string;
  path: string;
}

/** Makes case `caseId`'s clip and figures, as `viewerId` may see it (null: the study lead). */
export function renderCase(db: Db, caseId: number, viewerId: number | null): RenderedCase {
  const { material, turns, wavPath } = gatherCase(db, caseId, viewerId);
  const c = material.case;
  const clip = wavPath && material.clip ? cutWavClip(wavPath, material.clip.startMs, material.clip.endMs) : null;
  if (clip) material.clip = { startMs: clip.startMs, endMs: clip.endMs };
  const highlight = c.startMs === null ? null : { startMs: c.startMs, endMs: c.endMs };
  const title = `Speech activity of ${material.episode.externalId} (${c.category})`;
  const figure = timelineFigure(callActivity(turns), material.episode.durationMs, highlight, title);
  return { material, wav: clip?.wav ?? null, svg: figureSvg(figure), png: figurePng(figure) };
}

/** The base name of a case's folder or file: case-<id>-<category>-<call>. */
export function caseBaseName(m: CaseMaterial): string {
  return `case-${m.case.id}-${fileNamePart(m.case.category)}-${fileNamePart(m.episode.externalId)}`.slice(0, 160);
}

const dataUri = (mime: string, bytes: Buffer | string) =>
  `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;

/** The case as one self-contained HTML page. */
export function singleFileHtml(r: RenderedCase): string {
  return caseHtml(r.material, {
    audio: r.wav ? dataUri('audio/wav', r.wav) : null,
    svgHref: dataUri('image/svg+xml', r.svg),
    pngHref: dataUri('image/png', r.png),
    svgMarkup: r.svg,
  });
}

/** The transcript excerpt as plain text, one turn a line with its times. */
export function transcriptText(m: CaseMaterial): string {
  const time = (v: number | null) => (v === null ? '–' : clockLabel(v));
  return (
    m.transcript
      .map((t) => `[${time(t.startMs)}–${time(t.endMs)}] ${t.speaker}: ${t.tool ? `[tool] ${t.tool}` : t.text}`)
      .join('\n') + '\n'
  );
}

/** Writes the case as a folder inside `dir`; returns the folder. */
export function writeCaseFolder(r: RenderedCase, dir: string): string {
  const folder = join(dir, caseBaseName(r.material));
  mkdirSync(folder, { recursive: true });
  if (r.wav) writeFileSync(join(folder, 'clip.wav'), r.wav);
  writeFileSync(join(folder, 'timeline.svg'), r.svg);
  writeFileSync(join(folder, 'timeline.png'), r.png);
  writeFileSync(join(folder, 'case.json'), JSON.stringify(r.material, null, 2) + '\n');
  writeFileSync(join(folder, 'transcript.txt'), transcriptText(r.material));
  const sources = {
    audio: r.wav ? 'clip.wav' : null,
    svgHref: 'timeline.svg',
    pngHref: 'timeline.png',
    svgMarkup: r.svg,
  };
  writeFileSync(join(folder, 'case.html'), caseHtml(r.material, sources));
  return folder;
}

/** Exports a study's cases (one category's, if given) into `out`, as folders or single HTML files; lead's view. */
export function exportStudyCases(
  db: Db,
  studyId: number,
  opts: { category?: string; out: string; html: boolean },
): ExportedCase[] {
  const study = requireStudy(db, studyId);
  const cases = studyCases(db, studyId).filter((c) => opts.category === undefined || c.category === opts.category);
  if (cases.length === 0) {
    const what = opts.category === undefined ? 'no cases' : `no cases in category "${opts.category}"`;
    throw new DomainError('not_found', `study "${study.name}" has ${what} in its casebook`);
  }
  mkdirSync(opts.out, { recursive: true });
  return cases.map((c) => {
    const r = renderCase(db, c.id, null);
    if (!opts.html) return { caseId: c.id, category: c.category, path: writeCaseFolder(r, opts.out) };
    const file = join(opts.out, `${caseBaseName(r.material)}.html`);
    writeFileSync(file, singleFileHtml(r));
    return { caseId: c.id, category: c.category, path: file };
  });
}
