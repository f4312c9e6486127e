/** How the τ-Elicitation paper names its caller realisms (complication kinds), shared by tables and figures. */

const REALISM_LABELS: Record<string, string> = {
  wrong_slot: 'wrong-field answer',
  spelling_style: 'spelling variation',
  self_correction: 'self-correction',
  mispronounced_term: 'mispronunciation',
  spell_correction: 'falter and restart',
  lazy_omission: 'partial answer',
};

/** A realism kind as the paper names it (`any caller realism` for null; unknown kinds with spaces for underscores). */
export function realismLabel(kind: string | null): string {
  return kind === null ? 'any caller realism' : (REALISM_LABELS[kind] ?? kind.replace(/_/g, ' '));
}
