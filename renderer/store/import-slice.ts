/** The import dialog: the folder being browsed, the chosen path and format, and the running import job's progress. */
import type { StateCreator } from 'zustand';
import type { FolderListing } from '../../shared/methods/imports';
import type { EventPayloads, MethodInput } from '../../shared/contract';
import { call } from '../api/client';
import type { AppState } from './index';

/** A running or finished import, as the dialog shows it. */
export type ImportJob = EventPayloads['job.progress'];

/** A source format the importer reads, or '' to let the main side tell it from the files. */
export type ImportFormatChoice = NonNullable<MethodInput<'import.start'>['format']> | '';

/** State and actions of the import dialog. */
export interface ImportSlice {
  importOpen: boolean;
  listing: FolderListing | null;
  importPath: string;
  /** True when the path was chosen in the folder browser (so browsing elsewhere drops it), false when typed or dropped. */
  importPathPicked: boolean;
  importFormat: ImportFormatChoice;
  importStudy: string;
  importJob: ImportJob | null;
  importError: string | null;
  openImport(open: boolean): void;
  /** Lists `path` (the home folder when none); true when it could be listed. */
  browseTo(path?: string): Promise<boolean>;
  setImportPath(path: string, picked?: boolean): void;
  setImportFormat(format: ImportFormatChoice): void;
  setImportStudy(name: string): void;
  startImport(): Promise<void>;
  cancelImport(): Promise<void>;
  onJobProgress(job: ImportJob): void;
}

/** Where the last folder browsed is kept: per origin, so per web host, and the desktop app's own. */
const FOLDER_KEY = 'earshot.importFolder';

function storedFolder(): string | undefined {
  try {
    return window.localStorage?.getItem(FOLDER_KEY) || undefined;
  } catch {
    return undefined;
  }
}

function storeFolder(path: string | null): void {
  try {
    if (path === null) window.localStorage?.removeItem(FOLDER_KEY);
    else window.localStorage?.setItem(FOLDER_KEY, path);
  } catch {
    /* a browser without storage starts at home next time */
  }
}

/** True when the path picked stays in view in `listing`: the folder itself or one of its entries. */
const shownIn = (listing: FolderListing, path: string): boolean =>
  path === listing.path || listing.entries.some((e) => e.path === path);

/** Creates the import slice. */
export const createImportSlice: StateCreator<AppState, [], [], ImportSlice> = (set, get) => ({
  importOpen: false,
  listing: null,
  importPath: '',
  importPathPicked: false,
  importFormat: '',
  importStudy: '',
  importJob: null,
  importError: null,
  openImport(open) {
    set({ importOpen: open, importError: null });
    if (!open || get().listing) return;
    const last = storedFolder();
    void get()
      .browseTo(last)
      .then((listed) => {
        if (listed || last === undefined) return;
        // The last folder is gone (or moved): start at home, without an error about a folder the user did not ask for.
        storeFolder(null);
        set({ importError: null });
        void get().browseTo();
      });
  },
  async browseTo(path) {
    try {
      const listing = await call('files.list', path === undefined ? {} : { path });
      const { importPath, importPathPicked } = get();
      const keep = !importPathPicked || shownIn(listing, importPath);
      set({ listing, importError: null, ...(keep ? {} : { importPath: '', importPathPicked: false }) });
      storeFolder(listing.path);
      return true;
    } catch (err) {
      set({ importError: (err as Error).message });
      return false;
    }
  },
  setImportPath: (importPath, picked = false) => set({ importPath, importPathPicked: picked }),
  setImportFormat: (importFormat) => set({ importFormat }),
  setImportStudy: (importStudy) => set({ importStudy }),
  async startImport() {
    const { importPath, importStudy, importFormat } = get();
    if (!importPath) return;
    try {
      set({ importError: null, importJob: null });
      const { jobId } = await call('import.start', {
        path: importPath,
        ...(importStudy.trim() ? { study: importStudy.trim() } : {}),
        ...(importFormat ? { format: importFormat } : {}),
      });
      set((s) =>
        s.importJob?.jobId === jobId
          ? {}
          : {
              importJob: {
                jobId,
                kind: 'import',
                done: 0,
                total: 0,
                message: 'starting',
                finished: false,
                error: null,
                result: null,
              },
            },
      );
    } catch (err) {
      set({ importError: (err as Error).message });
    }
  },
  async cancelImport() {
    const job = get().importJob;
    if (!job || job.finished) return;
    try {
      await call('jobs.cancel', { jobId: job.jobId });
    } catch (err) {
      set({ importError: (err as Error).message });
    }
  },
  onJobProgress(job) {
    if (job.kind !== 'import') return;
    const current = get().importJob;
    if (current && current.jobId !== job.jobId) return;
    set({ importJob: job });
    // An import may bring a release's raters: the annotator lists show them at once.
    if (job.finished && !job.error) void get().loadAnnotators();
  },
});
