/** The mapping editor's draft: a blank one, one from an existing mapping, the values offered, and moving a value
 * between positive, negative and left out. */
import type { Taxonomy } from '../../../shared/types/annotation';
import { VERDICT_FIELD } from '../../../shared/types/annotation';
import type { JudgeMapping } from '../../../shared/types/judge-validation';
import type { MappingDraft } from '../../store/judge-validation-slice';

/** Where a value stands in a binary mapping ('' = left out). */
export type Side = 'positive' | 'negative' | '';

/** A new binary mapping of `field`, for the newest judgement of each call. */
export function blankDraft(field: string): MappingDraft {
  return {
    key: '', label: '', field, judgeId: null, output: 'label', kind: 'binary',
    judgePositive: [], judgeNegative: [], humanPositive: [], humanNegative: [], categories: {},
  };
}

/** The draft of an existing mapping (a built-in one edited becomes the study's own, under the same key). */
export function draftOf(m: JudgeMapping): MappingDraft {
  const { source: _source, ...rest } = m;
  return { ...rest, judgePositive: [...m.judgePositive], judgeNegative: [...m.judgeNegative],
    humanPositive: [...m.humanPositive], humanNegative: [...m.humanNegative], categories: { ...m.categories } };
}

const unique = (lists: readonly (readonly string[])[]): string[] => [...new Set(lists.flat().filter((v) => v !== ''))];

/** Judge outputs to offer: the labels judges gave, the taxonomy's verdicts (or its options, for categories). */
export function judgeValueOptions(draft: MappingDraft, observed: readonly string[], taxonomy: Taxonomy | null) {
  const choices = taxonomy?.fields.filter((f) => f.kind === 'multi' || f.kind === 'single') ?? [];
  const fromTaxonomy = draft.output === 'label'
    ? (taxonomy?.verdicts.map((v) => v.value) ?? [])
    : choices.flatMap((f) => f.options?.map((o) => o.value) ?? []);
  const labels = draft.output === 'label' ? observed : [];
  return unique([labels, fromTaxonomy, draft.judgePositive, draft.judgeNegative, Object.keys(draft.categories)]);
}

/** Human values to offer: the field's options (the verdicts for `verdict`), the values labelled, the draft's own. */
export function humanValueOptions(draft: MappingDraft, observed: readonly string[], taxonomy: Taxonomy | null) {
  const options = draft.field === VERDICT_FIELD
    ? (taxonomy?.verdicts.map((v) => v.value) ?? [])
    : (taxonomy?.fields.find((f) => f.key === draft.field)?.options?.map((o) => o.value) ?? []);
  return unique([options, observed, draft.humanPositive, draft.humanNegative, Object.values(draft.categories)]);
}

/** Where `value` stands on the judge's or the human side. */
export function sideOf(draft: MappingDraft, who: 'judge' | 'human', value: string): Side {
  if (draft[`${who}Positive`].includes(value)) return 'positive';
  return draft[`${who}Negative`].includes(value) ? 'negative' : '';
}

/** The draft with `value` moved to `side` (and out of the other). */
export function withSide(draft: MappingDraft, who: 'judge' | 'human', value: string, side: Side): MappingDraft {
  const pos = draft[`${who}Positive`].filter((v) => v !== value);
  const neg = draft[`${who}Negative`].filter((v) => v !== value);
  if (side === 'positive') pos.push(value);
  if (side === 'negative') neg.push(value);
  return { ...draft, [`${who}Positive`]: pos, [`${who}Negative`]: neg };
}

/** The draft with the judge output `value` paired to `human` ('' = left out). */
export function withCategory(draft: MappingDraft, value: string, human: string): MappingDraft {
  const categories = { ...draft.categories };
  if (human === '') delete categories[value];
  else categories[value] = human;
  return { ...draft, categories };
}

/** The draft as saved: a binary mapping keeps no pairs, a categorical one no sides; an empty note is dropped. */
export function cleanDraft(draft: MappingDraft): MappingDraft {
  const { note, ...rest } = draft;
  const base = note?.trim() ? { ...rest, note: note.trim() } : rest;
  return draft.kind === 'binary'
    ? { ...base, categories: {} }
    : { ...base, judgePositive: [], judgeNegative: [], humanPositive: [], humanNegative: [] };
}

/** "judge + flagged / − not_flagged ↔ human + 1, 2 / − 0", or the pairs of a categorical mapping. */
export function ruleText(m: MappingDraft): string {
  if (m.kind === 'categorical') {
    return Object.entries(m.categories).map(([j, h]) => `${j} → ${h}`).join(', ') || '(no pair)';
  }
  const side = (p: string[], n: string[]) => `+ ${p.join(', ') || '∅'} / − ${n.join(', ') || '∅'}`;
  return `judge ${side(m.judgePositive, m.judgeNegative)} ↔ human ${side(m.humanPositive, m.humanNegative)}`;
}
