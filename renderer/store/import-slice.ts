/** The import dialog: the folder being browsed, the chosen path, and the running import job's progress. */
import type { StateCreator } from 'zustand';
import type { FolderListing } from '../../shared/methods/imports';
import type { EventPayloads } from '../../shared/contract';
import { call } from '../api/client';
import type { AppState } from './index';

/** A running or finished import, as the dialog shows it. */
export type ImportJob = EventPayloads['job.progress'];

/** State and actions of the import dialog. */
export interface ImportSlice {
  importOpen: boolean;
  listing: FolderListing | null;
  importPath: string;
  importStudy: string;
  importJob: ImportJob | null;
  importError: string | null;
  openImport(open: boolean): void;
  browseTo(path?: string): Promise<void>;
  setImportPath(path: string): void;
  setImportStudy(name: string): void;
  startImport(): Promise<void>;
  cancelImport(): Promise<void>;
  onJobProgress(job: ImportJob): void;
}

/** Creates the import slice. */
export const createImportSlice: StateCreator<AppState, [], [], ImportSlice> = (set, get) => ({
  importOpen: false,
  listing: null,
  importPath: '',
  importStudy: '',
  importJob: null,
  importError: null,
  openImport(open) {
    set({ importOpen: open, importError: null });
    if (open && !get().listing) void get().browseTo();
  },
  async browseTo(path) {
    try {
      set({ listing: await call('files.list', path === undefined ? {} : { path }), importError: null });
    } catch (err) {
      set({ importError: (err as Error).message });
    }
  },
  setImportPath: (importPath) => set({ importPath }),
  setImportStudy: (importStudy) => set({ importStudy }),
  async startImport() {
    const { importPath, importStudy } = get();
    if (!importPath) return;
    try {
      set({ importError: null, importJob: null });
      const { jobId } = await call('import.start', { path: importPath, ...(importStudy.trim() ? { study: importStudy.trim() } : {}) });
      set((s) => (s.importJob?.jobId === jobId ? {} : { importJob: { jobId, kind: 'import', done: 0, total: 0, message: 'starting', finished: false, error: null, result: null } }));
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
  },
});
