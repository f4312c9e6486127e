/** Labelling state: who is labelling, the open episode's labels, save acknowledgements, undo, queues and the annotation views. */
import type { StateCreator } from 'zustand';
import type { Annotator, EpisodeLabels, LabelAck, LabelValue, ListedAnnotator, QueueItem, WorkQueue } from '../../shared/types/annotation';
import { SYSTEM_FIELDS } from '../../shared/types/annotation';
import { call } from '../api/client';
import type { AppState } from './index';

/** Views of the studio: label (replay + panel), adjudicate, agreement, casebook, study setup. */
export type StudioView = 'label' | 'adjudicate' | 'agreement' | 'casebook' | 'setup';

/** Where the save indicator stands: nothing pending, a change in flight, every change acknowledged, or a failed save. */
export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

/** State and actions for labelling. */
export interface LabelsSlice {
  /** Every annotator, with the studies they belong to (see `offeredAnnotators` for a study's). */
  annotators: ListedAnnotator[];
  annotatorId: number | null;
  labels: EpisodeLabels | null;
  saveState: SaveState;
  saveError: string | null;
  lastAck: LabelAck | null;
  focusedField: string | null;
  view: StudioView;
  armedFirstError: boolean;
  queues: WorkQueue[];
  activeQueueId: number | null;
  queueItems: QueueItem[];
  loadAnnotators(): Promise<void>;
  createAnnotator(name: string, initials: string, role: Annotator['role']): Promise<Annotator | null>;
  switchAnnotator(annotatorId: number | null): void;
  loadLabels(): Promise<void>;
  setLabel(field: string, value: LabelValue): Promise<void>;
  undoLabel(): Promise<void>;
  commitLabels(): Promise<void>;
  setFocusedField(field: string | null): void;
  setView(view: StudioView): void;
  armFirstError(armed: boolean): void;
  setFirstErrorFromWaveform(ms: number): void;
  loadQueues(): Promise<void>;
  setActiveQueue(queueId: number | null): Promise<void>;
  openNextInQueue(): Promise<void>;
}

const STORAGE_KEY = 'earshot.annotatorId';

function storedAnnotator(): number | null {
  try {
    const v = Number(window.localStorage?.getItem(STORAGE_KEY));
    return Number.isInteger(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}

// Label writes go out one at a time, in the order they were made, so acknowledgements arrive in order.
let writeChain: Promise<unknown> = Promise.resolve();
let writesInFlight = 0;
// Label changes sent and not answered yet: an earlier change's answer must not hide them.
const unanswered: { episodeId: number; annotatorId: number; field: string; value: LabelValue }[] = [];
let loadSeq = 0;
let queueSeq = 0;

/** Creates the labels slice. */
export const createLabelsSlice: StateCreator<AppState, [], [], LabelsSlice> = (set, get) => {
  const enqueue = <T>(work: () => Promise<T>): Promise<T> => {
    writesInFlight++;
    const next = writeChain.then(work, work).finally(() => writesInFlight--);
    writeChain = next.catch(() => undefined);
    return next;
  };
  const failed = (err: unknown) => set({ saveState: 'error', saveError: (err as Error).message });
  const answered = (): SaveState => (writesInFlight > 0 ? 'saving' : 'saved');
  // An answer about labels that are no longer the open ones (another episode or annotator) changes nothing.
  const stillOpen = (l: EpisodeLabels) =>
    get().labels?.episodeId === l.episodeId && get().annotatorId === l.annotatorId;

  return {
    annotators: [],
    annotatorId: storedAnnotator(),
    labels: null,
    saveState: 'idle',
    saveError: null,
    lastAck: null,
    focusedField: null,
    view: 'label',
    armedFirstError: false,
    queues: [],
    activeQueueId: null,
    queueItems: [],

    async loadAnnotators() {
      try {
        const annotators = await call('annotators.list', {});
        const current = get().annotatorId;
        set({ annotators, annotatorId: current !== null && annotators.some((a) => a.id === current) ? current : null });
      } catch (err) {
        set({ error: (err as Error).message });
      }
    },
    async createAnnotator(name, initials, role) {
      try {
        const created = await call('annotators.create', { name, initials: initials || undefined, role });
        await get().loadAnnotators();
        return created;
      } catch (err) {
        set({ error: (err as Error).message });
        return null;
      }
    },
    switchAnnotator(annotatorId) {
      try {
        if (annotatorId === null) window.localStorage?.removeItem(STORAGE_KEY);
        else window.localStorage?.setItem(STORAGE_KEY, String(annotatorId));
      } catch {
        /* storage unavailable: the choice lasts for this window only */
      }
      set({ annotatorId, labels: null, lastAck: null, saveState: 'idle', saveError: null, queueItems: [] });
      void get().loadLabels();
      void get().reloadDetail();
      void get().setBrowse({});
      void get().setActiveQueue(get().activeQueueId);
    },
    async loadLabels() {
      const { episodeId, annotatorId } = get();
      const seq = ++loadSeq;
      if (episodeId === null || annotatorId === null) {
        set({ labels: null });
        return;
      }
      try {
        const labels = await call('labels.episode', { episodeId, annotatorId, viewerId: annotatorId });
        if (seq === loadSeq) set({ labels, saveState: 'idle', saveError: null, lastAck: null, armedFirstError: false });
      } catch (err) {
        if (seq === loadSeq) set({ labels: null, saveError: (err as Error).message, saveState: 'error' });
      }
    },
    async setLabel(field, value) {
      const { labels } = get();
      if (!labels) return;
      const { episodeId, annotatorId } = labels;
      set({ saveState: 'saving', saveError: null, labels: { ...labels, values: { ...labels.values, [field]: value } } });
      const write = { episodeId, annotatorId, field, value };
      unanswered.push(write);
      try {
        const res = await enqueue(() => call('labels.set', { episodeId, annotatorId, field, value })).finally(() =>
          unanswered.splice(unanswered.indexOf(write), 1),
        );
        if (stillOpen(labels)) {
          const later = unanswered.filter((w) => w.episodeId === episodeId && w.annotatorId === annotatorId);
          const values = { ...res.labels.values, ...Object.fromEntries(later.map((w) => [w.field, w.value])) };
          set({ labels: { ...res.labels, values }, lastAck: res.ack, saveState: answered() });
        }
        // The first label can reveal the judge (hideJudgeUntilFirstLabel): fetch the call again to show it.
        if (!labels.judgeVisible && res.labels.judgeVisible) void get().reloadDetail();
      } catch (err) {
        failed(err);
        // Roll back to what the main side holds; the reload must not hide that this change was not saved.
        await get().loadLabels();
        if (stillOpen(labels)) failed(err);
      }
    },
    async undoLabel() {
      const { labels } = get();
      if (!labels?.canUndo) return;
      set({ saveState: 'saving' });
      try {
        const res = await enqueue(() => call('labels.undo', { episodeId: labels.episodeId, annotatorId: labels.annotatorId }));
        if (!stillOpen(labels)) return;
        set({ labels: res.labels, saveState: answered(), lastAck: { episodeId: labels.episodeId, field: '*', phase: res.labels.phase, value: null, revision: res.labels.revision } });
      } catch (err) {
        failed(err);
      }
    },
    async commitLabels() {
      const { labels } = get();
      if (!labels) return;
      set({ saveState: 'saving' });
      try {
        const next = await enqueue(() => call('labels.commit', { episodeId: labels.episodeId, annotatorId: labels.annotatorId }));
        if (stillOpen(labels)) {
          set({ labels: next, saveState: answered(), lastAck: { episodeId: next.episodeId, field: '*', phase: next.phase, value: null, revision: next.revision } });
          void get().reloadDetail();
        }
        if (get().activeQueueId !== null) await get().setActiveQueue(get().activeQueueId);
      } catch (err) {
        failed(err);
      }
    },
    setFocusedField: (field) => set({ focusedField: field }),
    setView: (view) => set({ view }),
    armFirstError: (armed) => set({ armedFirstError: armed }),
    setFirstErrorFromWaveform(ms) {
      set({ armedFirstError: false });
      void get().setLabel(SYSTEM_FIELDS.firstErrorMs, Math.max(0, Math.round(ms)));
    },
    async loadQueues() {
      const { studyId } = get();
      if (studyId === null) return set({ queues: [] });
      try {
        set({ queues: await call('queues.list', { studyId }) });
      } catch (err) {
        set({ error: (err as Error).message });
      }
    },
    async setActiveQueue(queueId) {
      const { annotatorId } = get();
      const seq = ++queueSeq;
      if (queueId === null || annotatorId === null) return set({ activeQueueId: queueId, queueItems: [] });
      try {
        const queueItems = await call('queues.items', { queueId, annotatorId, viewerId: annotatorId });
        if (seq === queueSeq) set({ activeQueueId: queueId, queueItems });
      } catch (err) {
        if (seq === queueSeq) set({ activeQueueId: null, queueItems: [], error: (err as Error).message });
      }
    },
    async openNextInQueue() {
      const { queueItems, episodeId } = get();
      const at = queueItems.findIndex((i) => i.episodeId === episodeId);
      const next = [...queueItems.slice(at + 1), ...queueItems.slice(0, Math.max(0, at + 1))].find((i) => !i.done);
      if (next) await get().openEpisode(next.episodeId);
    },
  };
};
