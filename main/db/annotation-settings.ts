/** Queries over annotation_settings: the judge- and reference-hiding switches, unanimity, lead, agreement reveal. */
import type { Db } from './open';

/** The stored annotation settings of one study (the row's columns this module owns). */
export interface AnnotationSettingsRow {
  hideJudge: boolean;
  autoAcceptUnanimous: boolean;
  hideJudgeUntilFirstLabel: boolean;
  hideReference: boolean;
  leadId: number | null;
  agreementRevealedAt: string | null;
  agreementRevealedBy: number | null;
}

/** The switches a settings change writes. */
export type AnnotationSwitches = Pick<
  AnnotationSettingsRow,
  'hideJudge' | 'autoAcceptUnanimous' | 'hideJudgeUntilFirstLabel' | 'hideReference' | 'leadId'
>;

interface Row {
  hide_judge: number;
  auto_accept_unanimous: number;
  hide_judge_until_first_label: number;
  hide_reference: number;
  lead_id: number | null;
  agreement_revealed_at: string | null;
  agreement_revealed_by: number | null;
}

/** The study's settings row, or null when none was ever written. */
export function readAnnotationSettings(db: Db, studyId: number): AnnotationSettingsRow | null {
  const r = db
    .prepare(
      `SELECT hide_judge, auto_accept_unanimous, hide_judge_until_first_label, hide_reference, lead_id,
              agreement_revealed_at, agreement_revealed_by FROM annotation_settings WHERE study_id = ?`,
    )
    .get(studyId) as Row | undefined;
  if (!r) return null;
  return {
    hideJudge: r.hide_judge === 1,
    autoAcceptUnanimous: r.auto_accept_unanimous === 1,
    hideJudgeUntilFirstLabel: r.hide_judge_until_first_label === 1,
    hideReference: r.hide_reference === 1,
    leadId: r.lead_id,
    agreementRevealedAt: r.agreement_revealed_at,
    agreementRevealedBy: r.agreement_revealed_by,
  };
}

/** Writes the study's switches (creating its row when missing); other columns are left as they are. */
export function writeAnnotationSwitches(db: Db, studyId: number, s: AnnotationSwitches): void {
  db.prepare(
    `INSERT INTO annotation_settings
       (study_id, hide_judge, auto_accept_unanimous, hide_judge_until_first_label, hide_reference, lead_id)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (study_id) DO UPDATE SET hide_judge = excluded.hide_judge,
       auto_accept_unanimous = excluded.auto_accept_unanimous,
       hide_judge_until_first_label = excluded.hide_judge_until_first_label,
       hide_reference = excluded.hide_reference, lead_id = excluded.lead_id`,
  ).run(
    studyId,
    Number(s.hideJudge),
    Number(s.autoAcceptUnanimous),
    Number(s.hideJudgeUntilFirstLabel),
    Number(s.hideReference),
    s.leadId,
  );
}

/** Records that `annotatorId` revealed the study's agreement at `at`; a study revealed before keeps its first one. */
export function recordAgreementReveal(db: Db, studyId: number, annotatorId: number, at: string): void {
  db.prepare(
    `INSERT INTO annotation_settings (study_id, agreement_revealed_at, agreement_revealed_by) VALUES (?, ?, ?)
     ON CONFLICT (study_id) DO UPDATE SET agreement_revealed_at = excluded.agreement_revealed_at,
       agreement_revealed_by = excluded.agreement_revealed_by
     WHERE annotation_settings.agreement_revealed_at IS NULL`,
  ).run(studyId, at, annotatorId);
}

/** The study's held-out split of labelled items (seed and fraction), or null when it has none. */
export function readHoldout(db: Db, studyId: number): { seed: number; fraction: number } | null {
  const r = db.prepare('SELECT holdout_seed, holdout_fraction FROM annotation_settings WHERE study_id = ?').get(studyId) as
    | { holdout_seed: number | null; holdout_fraction: number | null }
    | undefined;
  return r && r.holdout_seed !== null && r.holdout_fraction !== null ? { seed: r.holdout_seed, fraction: r.holdout_fraction } : null;
}

/** Fixes (or, with null, removes) the study's held-out split; creates the settings row when missing. */
export function writeHoldout(db: Db, studyId: number, split: { seed: number; fraction: number } | null): void {
  db.prepare(
    `INSERT INTO annotation_settings (study_id, holdout_seed, holdout_fraction) VALUES (?, ?, ?)
     ON CONFLICT (study_id) DO UPDATE SET holdout_seed = excluded.holdout_seed, holdout_fraction = excluded.holdout_fraction`,
  ).run(studyId, split?.seed ?? null, split?.fraction ?? null);
}
