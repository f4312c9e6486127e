/** Keyboard shortcuts of the label panel: number keys answer the focused field, N moves between fields, E and U. */
import { SYSTEM_FIELDS } from '../../../shared/types/annotation';
import { useApp } from '../../store';
import { currentMs } from '../../player/player';
import { digitOptions, fieldOptions, optionForKey, valueForOption } from './FieldInput';
import { verdictOptions, visibleFields } from './LabelPanel';

/** The label shortcuts as [keys, what they do], listed with the replay ones. */
export const LABEL_SHORTCUTS: readonly (readonly [string, string])[] = [
  ['1 – 9', 'choose option 1–9 of the focused label field (toggles in multi-choice fields); 0–9 pick that value in fields whose options are digits'],
  ['0', 'clear the focused label field (other fields)'],
  ['N / Shift + N', 'focus the next / previous label field'],
  ['E', 'set the first critical error at the playhead'],
  ['U', 'undo my last label change on this call'],
  ['Ctrl + Enter', 'commit my labels on this call (Mark done, or Commit and reveal the judge); ⌘ + Enter on a Mac, also in a text field'],
];

/**
 * Ctrl + Enter (⌘ + Enter): commits my labels on the open call, as the panel's button does; returns true when there
 * was an uncommitted labelled call to commit. A text field being typed in is left first, so its draft is saved before.
 */
export function handleCommitKey(target: HTMLElement | null): boolean {
  const s = useApp.getState();
  const labels = s.labels;
  if (s.view !== 'label' || !labels || labels.episodeId !== s.episodeId || labels.committed) return false;
  if (target && target !== document.body) target.blur();
  void s.commitLabels();
  return true;
}

/** Handles a label shortcut (`key` as KeyboardEvent.key); returns true when it was one and a labelled episode is open. */
export function handleLabelKey(key: string, shift: boolean): boolean {
  const s = useApp.getState();
  const labels = s.labels;
  if (s.view !== 'label' || !labels || labels.episodeId !== s.episodeId) return false;
  const fields = visibleFields(labels).filter((f) => f.kind !== 'text');
  if (key === 'n' || key === 'N') {
    const at = fields.findIndex((f) => f.key === s.focusedField);
    const next = fields[(at + (shift ? -1 : 1) + fields.length) % fields.length] ?? fields[0];
    s.setFocusedField(next?.key ?? null);
    return true;
  }
  if (key === 'e' || key === 'E') {
    s.setFirstErrorFromWaveform(currentMs());
    return true;
  }
  if (key === 'u' || key === 'U') {
    void s.undoLabel();
    return true;
  }
  if (!/^[0-9]$/.test(key)) return false;
  const spec = fields.find((f) => f.key === s.focusedField);
  if (!spec || spec.kind === 'number') return false;
  const judgeLabel = s.detail?.judgements.at(-1)?.label ?? null;
  const options = spec.key === SYSTEM_FIELDS.judgeLabel ? verdictOptions(labels, judgeLabel) : fieldOptions(spec);
  if (key === '0' && !digitOptions(options)) {
    void s.setLabel(spec.key, null);
    return true;
  }
  const n = optionForKey(options, Number(key));
  const value = n === undefined ? undefined : valueForOption(spec, labels.values[spec.key] ?? null, n, options);
  if (value === undefined) return false;
  void s.setLabel(spec.key, value);
  return true;
}
