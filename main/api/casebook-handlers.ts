/** Handlers of the casebook methods (shared/methods/casebook.ts). */
import type { MethodInput, MethodName, MethodOutput } from '../../shared/contract';
import type { Services } from '../services/services';
import { addCase, listCasebook, removeCase } from '../annotation/casebook';
import { caseBaseName, renderCase, singleFileHtml } from '../annotation/case-export/case-export';

type In<M extends MethodName> = MethodInput<M>;

/** `casebook.exportHtml`: the case as one HTML file, for the renderer to save. */
function exportHtml(s: Services, i: In<'casebook.exportHtml'>): MethodOutput<'casebook.exportHtml'> {
  const rendered = renderCase(s.db, i.caseId, i.viewerId);
  return { fileName: `${caseBaseName(rendered.material)}.html`, content: singleFileHtml(rendered), mime: 'text/html' };
}

/** Casebook handlers by method name. */
export const casebookHandlers = {
  'casebook.list': (s: Services, i: In<'casebook.list'>): MethodOutput<'casebook.list'> =>
    listCasebook(s.db, i.studyId, i.viewerId),
  'casebook.add': (s: Services, i: In<'casebook.add'>): MethodOutput<'casebook.add'> => addCase(s.db, i, s.clock()),
  'casebook.remove': (s: Services, i: In<'casebook.remove'>): MethodOutput<'casebook.remove'> =>
    removeCase(s.db, i.caseId, i.viewerId),
  'casebook.exportHtml': exportHtml,
} as const;
