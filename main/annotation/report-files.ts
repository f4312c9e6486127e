/** Builds the agreement report files of a study (document + CSV) from the computed agreement of each field. */
import type { Db } from '../db/open';
import type { ExportedFile } from '../../shared/methods/annotation';
import type { StudyAgreement } from '../../shared/types/annotation';
import { requireStudy } from './lookups';
import { computeStudyAgreement, type AgreementRequest } from './agreement';
import { resolutionSummary } from './adjudication';
import { reportCsv, reportHtml, reportMarkdown } from './report';
import { fileNamePart } from '../../shared/file-name';

/** A file-name-safe form of a study (or annotator) name: letters of every script kept, what file systems refuse as `-`. */
export function fileStem(name: string): string {
  return fileNamePart(name) || 'study';
}

/** Computes every requested field in turn and renders the report (Markdown or HTML) and its CSV. */
export async function buildReportFiles(
  db: Db,
  input: { studyId: number; fields: string[]; format: 'markdown' | 'html'; raterIds?: number[]; seed?: number },
  now: Date,
  hooks: { progress?: (done: number, total: number, message: string) => void; signal?: AbortSignal } = {},
): Promise<{ document: ExportedFile; csv: ExportedFile; agreements: StudyAgreement[] }> {
  const study = requireStudy(db, input.studyId);
  const agreements: StudyAgreement[] = [];
  for (const [k, field] of input.fields.entries()) {
    hooks.progress?.(k, input.fields.length, `agreement on ${field}`);
    const req: AgreementRequest = { studyId: input.studyId, field, raterIds: input.raterIds, seed: input.seed };
    agreements.push(await computeStudyAgreement(db, req, { signal: hooks.signal }));
  }
  const counts = resolutionSummary(db, input.studyId);
  const stem = `${fileStem(study.name)}-agreement`;
  const document: ExportedFile =
    input.format === 'html'
      ? { fileName: `${stem}.html`, content: reportHtml(study.name, agreements, counts, now), mime: 'text/html' }
      : { fileName: `${stem}.md`, content: reportMarkdown(study.name, agreements, counts, now), mime: 'text/markdown' };
  return { document, csv: { fileName: `${stem}.csv`, content: reportCsv(agreements), mime: 'text/csv' }, agreements };
}
