/** The Agreement view's state: the computed figures of a field, the judge-to-field mappings, the disagreement gallery,
 * two judges compared on the labelled items, and jumping from a disputed item to its audio. */
import type { StateCreator } from 'zustand';
import type { MethodInput } from '../../shared/contract';
import type { StudyAgreement, Taxonomy } from '../../shared/types/annotation';
import type {
  DisagreementItem, JudgeMapping, JudgeRef, JudgesOnLabelledItems,
} from '../../shared/types/judge-validation';
import { call } from '../api/client';
import { onView, seekMs, togglePlay } from '../player/player';
import type { AppState } from './index';

/** What `agreement.compute` takes, without the viewer (the store adds the current annotator). */
export type AgreementRequest = Omit<MethodInput<'agreement.compute'>, 'viewerId'>;
/** A mapping as the editor saves it (the main side adds its source). */
export type MappingDraft = MethodInput<'judgeMappings.save'>['mapping'];
/** Which judges to compare, under which mapping of which field. */
export type ComparisonRequest = Pick<
  MethodInput<'judgeValidation.compareJudges'>,
  'field' | 'mappingKey' | 'baseline' | 'candidate'
>;
/** The gallery's filters: '' lets every category or system through. */
export interface DisagreementFilter {
  category: string;
  system: string;
}

/** The sections of a computed field's result. */
export type AgreementTab = 'figures' | 'disagreements' | 'compare' | 'mappings';

/** State and actions of agreement and judge validation. */
export interface JudgeValidationSlice {
  /** The study this state belongs to. */
  judgeStudyId: number | null;
  agreementResult: StudyAgreement | null;
  /** Who the result was computed for (the blind rules decide what each viewer may read). */
  agreementViewerId: number | null;
  agreementTab: AgreementTab;
  /** Counts the results computed, so a recomputation of the same field can be told apart. */
  agreementGeneration: number;
  agreementBusy: boolean;
  agreementError: string | null;
  judgeMappings: JudgeMapping[];
  judges: JudgeRef[];
  /** The study's taxonomy (the mapping editor offers its options as human values). */
  mappingTaxonomy: Taxonomy | null;
  mappingError: string | null;
  disagreements: { field: string; mappingKey: string; items: DisagreementItem[] } | null;
  disagreementsError: string | null;
  disagreementFilter: DisagreementFilter;
  judgeComparison: JudgesOnLabelledItems | null;
  comparisonBusy: boolean;
  comparisonError: string | null;
  setAgreementTab(tab: AgreementTab): void;
  /** Computes a field's agreement as the current annotator is allowed to read it. */
  computeAgreement(request: AgreementRequest): Promise<void>;
  /** Loads the open study's mappings, judges and taxonomy. */
  loadJudgeMappings(): Promise<void>;
  /** Saves a study mapping; true when saved (the figures of its field are then computed again, not awaited). */
  saveJudgeMapping(mapping: MappingDraft): Promise<boolean>;
  clearMappingError(): void;
  /** Removes a study mapping; true when removed. */
  removeJudgeMapping(key: string): Promise<boolean>;
  /** Loads every disputed item of a field under one mapping. */
  loadDisagreements(field: string, mappingKey: string): Promise<void>;
  setDisagreementFilter(patch: Partial<DisagreementFilter>): void;
  /** Compares two judges on the labelled items. */
  compareJudgesOnItems(request: ComparisonRequest): Promise<void>;
  /** Fixes (or with null removes) the study's held-out split; true when set. Compares again if one is shown. */
  setHoldoutSplit(split: { seed: number; fraction: number } | null): Promise<boolean>;
  /** Opens an episode in the Label view and plays it from `ms` (the start when null) once its audio is drawn. */
  playDisagreement(episodeId: number, ms: number | null): Promise<void>;
  /** Opens an episode in the Label or Adjudicate view. */
  openDisagreementIn(view: 'label' | 'adjudicate', episodeId: number): Promise<void>;
  /** Forgets everything of the previous study; the state now belongs to `studyId`. */
  resetJudgeValidation(studyId: number | null): void;
}

/** The items the filters let through: a category among the item's, and its system. */
export function filterDisagreements(items: readonly DisagreementItem[], f: DisagreementFilter): DisagreementItem[] {
  return items.filter(
    (i) => (f.category === '' || i.categories.includes(f.category)) && (f.system === '' || i.system === f.system),
  );
}

/** Calls `start` once the next waveform is drawn (the player publishes its view on ready); gives up after 20 s. */
function whenPlayerReady(start: () => void): void {
  let stop: (() => void) | null = null;
  let done = false;
  const timer = setTimeout(() => stop?.(), 20_000);
  stop = onView(() => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    stop?.();
    start();
  });
  if (done) stop();
}

const message = (err: unknown) => (err as Error).message;
const empty = {
  agreementResult: null,
  agreementViewerId: null,
  agreementTab: 'figures' as AgreementTab,
  agreementError: null,
  judgeMappings: [],
  judges: [],
  mappingTaxonomy: null,
  mappingError: null,
  disagreements: null,
  disagreementsError: null,
  disagreementFilter: { category: '', system: '' },
  judgeComparison: null,
  comparisonError: null,
};

// Answers of superseded requests are dropped.
let computeSeq = 0;
let gallerySeq = 0;
let compareSeq = 0;
let lastRequest: AgreementRequest | null = null;
let lastComparison: ComparisonRequest | null = null;

/** Creates the judge-validation slice. */
export const createJudgeValidationSlice: StateCreator<AppState, [], [], JudgeValidationSlice> = (set, get) => ({
  ...empty,
  judgeStudyId: null,
  agreementGeneration: 0,
  agreementBusy: false,
  comparisonBusy: false,

  setAgreementTab(agreementTab) {
    set({ agreementTab });
  },
  async computeAgreement(request) {
    const viewerId = get().annotatorId;
    if (viewerId === null) return set({ agreementError: 'Choose who you are (top right) to compute agreement.' });
    const seq = ++computeSeq;
    lastRequest = request;
    set({ agreementBusy: true, agreementError: null });
    try {
      const agreementResult = await call('agreement.compute', { ...request, viewerId });
      if (seq !== computeSeq) return;
      const agreementGeneration = get().agreementGeneration + 1;
      set({ agreementResult, agreementViewerId: viewerId, agreementBusy: false, agreementGeneration });
    } catch (err) {
      if (seq === computeSeq) set({ agreementResult: null, agreementError: message(err), agreementBusy: false });
    }
  },
  async loadJudgeMappings() {
    const studyId = get().studyId;
    if (studyId === null) return;
    try {
      const [{ mappings, judges }, settings] = await Promise.all([
        call('judgeMappings.list', { studyId }),
        call('annotation.settings', { studyId }),
      ]);
      if (get().studyId !== studyId) return;
      set({ judgeMappings: mappings, judges, mappingTaxonomy: settings.taxonomy, mappingError: null });
    } catch (err) {
      set({ mappingError: message(err) });
    }
  },
  async saveJudgeMapping(mapping) {
    const { studyId, annotatorId: viewerId } = get();
    if (studyId === null || viewerId === null) return false;
    try {
      set({ judgeMappings: await call('judgeMappings.save', { studyId, viewerId, mapping }), mappingError: null });
    } catch (err) {
      set({ mappingError: message(err) });
      return false;
    }
    if (lastRequest && get().agreementResult?.field === mapping.field) void get().computeAgreement(lastRequest);
    return true;
  },
  clearMappingError() {
    set({ mappingError: null });
  },
  async removeJudgeMapping(key) {
    const { studyId, annotatorId: viewerId } = get();
    if (studyId === null || viewerId === null) return false;
    const field = get().judgeMappings.find((m) => m.key === key)?.field;
    try {
      set({ judgeMappings: await call('judgeMappings.remove', { studyId, viewerId, key }), mappingError: null });
    } catch (err) {
      set({ mappingError: message(err) });
      return false;
    }
    if (lastRequest && get().agreementResult?.field === field) void get().computeAgreement(lastRequest);
    return true;
  },
  async loadDisagreements(field, mappingKey) {
    const { studyId, annotatorId: viewerId } = get();
    if (studyId === null || viewerId === null) return;
    const seq = ++gallerySeq;
    const prev = get().disagreements;
    const same = prev?.field === field && prev.mappingKey === mappingKey;
    set({ disagreementsError: null, ...(same ? {} : { disagreementFilter: { category: '', system: '' } }) });
    try {
      const items = await call('judgeValidation.disagreements', { studyId, viewerId, field, mappingKey });
      if (seq === gallerySeq) set({ disagreements: { field, mappingKey, items } });
    } catch (err) {
      if (seq === gallerySeq) set({ disagreements: null, disagreementsError: message(err) });
    }
  },
  setDisagreementFilter(patch) {
    set({ disagreementFilter: { ...get().disagreementFilter, ...patch } });
  },
  async compareJudgesOnItems(request) {
    const { studyId, annotatorId: viewerId } = get();
    if (studyId === null || viewerId === null) return;
    const seq = ++compareSeq;
    lastComparison = request;
    set({ comparisonBusy: true, comparisonError: null });
    try {
      const judgeComparison = await call('judgeValidation.compareJudges', { ...request, studyId, viewerId });
      if (seq === compareSeq) set({ judgeComparison, comparisonBusy: false });
    } catch (err) {
      if (seq === compareSeq) set({ judgeComparison: null, comparisonError: message(err), comparisonBusy: false });
    }
  },
  async setHoldoutSplit(split) {
    const { studyId, annotatorId: viewerId } = get();
    if (studyId === null || viewerId === null) return false;
    try {
      await call('judgeValidation.setHoldout', { studyId, viewerId, split });
      set({ comparisonError: null });
    } catch (err) {
      set({ comparisonError: message(err) });
      return false;
    }
    if (lastComparison && get().judgeComparison) await get().compareJudgesOnItems(lastComparison);
    return true;
  },
  async playDisagreement(episodeId, ms) {
    // Opened while this view shows no waveform, so the next one drawn is this episode's.
    await get().openEpisode(episodeId);
    const detail = get().detail;
    if (get().episodeId !== episodeId || !detail) return;
    if (detail.audio.length > 0) {
      whenPlayerReady(() => {
        seekMs(ms ?? 0);
        if (!get().playing) togglePlay();
      });
    }
    get().setView('label');
  },
  async openDisagreementIn(view, episodeId) {
    await get().openEpisode(episodeId);
    get().setView(view);
  },
  resetJudgeValidation(studyId) {
    computeSeq++;
    gallerySeq++;
    compareSeq++;
    lastRequest = null;
    lastComparison = null;
    set({ ...empty, judgeStudyId: studyId, agreementBusy: false, comparisonBusy: false });
  },
});
