/** Methods for annotation-tool files: an episode exported to ELAN, Praat or Audacity, a file's regions imported. */
import { z } from 'zod';
import { method } from './define';
import type { ExportedFile } from './annotation';
import { ANNOTATION_FORMATS, type AnnotationImportResult } from '../types/annotation-files';

const id = z.number().int().positive();
const format = z.enum(ANNOTATION_FORMATS);

/** Annotation-file methods by name. */
export const annotationFileMethods = {
  /** The episode's timed turns and the labels the viewer may read (theirs; others' as the blind rules allow). */
  'annotations.export': method<ExportedFile>()(z.object({ episodeId: id, format, viewerId: id }).strict()),
  /** A file's regions become the annotator's; its turns go onto an episode without turns, or replace them if asked. */
  'annotations.import': method<AnnotationImportResult>()(
    z
      .object({
        episodeId: id,
        annotatorId: id,
        fileName: z.string().min(1).max(260),
        // Within the WebSocket door's call limit even with every character escaped (6 bytes): 1,000,000 × 6 < 8 MiB.
        content: z.string().min(1).max(1_000_000),
        format: format.optional(),
        replaceTurns: z.boolean().optional(),
        regionsTier: z.string().min(1).max(300).optional(),
      })
      .strict(),
  ),
} as const;
