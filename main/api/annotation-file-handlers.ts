/** Handlers of the annotation-file methods: export an episode to ELAN, Praat or Audacity, import a file's regions. */
import type { MethodInput, MethodName, MethodOutput } from '../../shared/contract';
import type { Services } from '../services/services';
import { exportAnnotationFile } from '../annotation/annotation-file-export';
import { importAnnotationFile } from '../annotation/annotation-file-import';
import { requireEpisode } from '../annotation/lookups';

type In<M extends MethodName> = MethodInput<M>;

/** The annotation-file handlers by method name. */
export const annotationFileHandlers = {
  'annotations.export': (s: Services, i: In<'annotations.export'>): MethodOutput<'annotations.export'> => {
    const file = exportAnnotationFile(
      s.db,
      { episodeId: i.episodeId, format: i.format, viewerId: i.viewerId },
      s.clock(),
    );
    return { fileName: file.fileName, content: file.content, mime: file.mime };
  },
  'annotations.import': (s: Services, i: In<'annotations.import'>): MethodOutput<'annotations.import'> => {
    const result = importAnnotationFile(s.db, { ...i, text: i.content }, s.clock());
    s.events.emit('data.changed', { scope: 'annotations', studyId: requireEpisode(s.db, i.episodeId).studyId });
    return result;
  },
} as const;
