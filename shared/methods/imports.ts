/** Methods for importing results: browse the host's folders, start an import job. */
import { z } from 'zod';
import { method } from './define';

/** One entry of a folder listing. */
export interface FileEntry {
  name: string;
  path: string;
  kind: 'folder' | 'file';
  size: number | null;
  /** The import format this entry looks like, when it looks like one. */
  format: string | null;
}

/** A folder listing on the machine that runs the studio. */
export interface FolderListing {
  path: string;
  parent: string | null;
  entries: FileEntry[];
}

/** What an import did, as printed by `earshot import --json` and carried by the import job's final progress event. */
export interface ImportSummary {
  study: { id: number; name: string };
  format: string;
  episodes: number;
  turns: number;
  audio: number;
  judgements: number;
  annotations: number;
  skipped: number;
  warnings: string[];
  unchanged: boolean;
  /** Episodes and turns whose times were estimated by aligning the transcript to the audio (docs/alignment.md). */
  aligned?: { episodes: number; turns: number };
}

/** Import methods by name. */
export const importMethods = {
  'files.list': method<FolderListing>()(z.object({ path: z.string().max(4096).optional() }).strict()),
  'import.start': method<{ jobId: string }>()(
    z
      .object({
        path: z.string().min(1).max(4096),
        study: z.string().min(1).max(200).optional(),
        format: z.enum(['tau2', 'tau-elicitation', 'vera', 'generic']).optional(),
      })
      .strict(),
  ),
} as const;
