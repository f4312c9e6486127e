/**
 * `judge_validation/fidelity_validation_60/utterances.csv`: the public release's human validation of the speech
 * judge after per-reviewer material was removed — one row per agent utterance with the final human label, the
 * judge's any-finding flag, its maximum severity, its severity ≥ 2 flag, and the release's TP/FP/FN/TN for both.
 */
import { z } from 'zod';
import { ImportError } from '../batch';
import { readCsvFile } from './csv-file';

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');
const confusion = z.enum(['TP', 'FP', 'FN', 'TN']);

/** One validated utterance row. */
export const fidelityUtteranceRow = z.object({
  utterance_id: z.string().min(1),
  provider: z.string(),
  simulation_id: z.string().min(1),
  task_id: z.string(),
  utterance_idx: z.string().regex(/^\d+$/, 'expected a whole number').transform(Number),
  human_fidelity_positive: bool,
  judge_any_finding_positive: bool,
  judge_max_fidelity_severity: z.string().regex(/^\d+$/, 'expected a whole number').transform(Number),
  judge_severity_ge_2_positive: bool,
  confusion_severity_ge_2: confusion,
  confusion_any_finding: confusion,
});

/** A parsed utterance row, as stored in the study's info. */
export type FidelityUtterance = z.output<typeof fidelityUtteranceRow>;

/** The release file's path inside the archive. */
export const FIDELITY_VALIDATION_FILE = 'judge_validation/fidelity_validation_60/utterances.csv';

const cellOf = (judge: boolean, human: boolean) => (judge ? (human ? 'TP' : 'FP') : human ? 'FN' : 'TN');

/**
 * Reads and checks the file: each row's flags must agree with its own severity and confusion columns, and utterance
 * ids must be `<simulation_id>:u<utterance_idx>` and unique. Any fault names the row and column and stops the import.
 */
export function readFidelityValidation(path: string, file = FIDELITY_VALIDATION_FILE): FidelityUtterance[] {
  const record = (i: number, raw: Record<string, string>) => `row ${i + 1} (${JSON.stringify(raw.utterance_id ?? '')})`;
  const rows = readCsvFile(path, file, fidelityUtteranceRow, record);
  const seen = new Set<string>();
  rows.forEach((r, i) => {
    const fault = (field: string, message: string) =>
      new ImportError(file, `row ${i + 1} (${JSON.stringify(r.utterance_id)})`, field, message);
    if (r.utterance_id !== `${r.simulation_id}:u${r.utterance_idx}`)
      throw fault('utterance_id', 'must be <simulation_id>:u<utterance_idx>');
    if (seen.has(r.utterance_id)) throw fault('utterance_id', 'appears twice');
    seen.add(r.utterance_id);
    if (r.judge_severity_ge_2_positive !== r.judge_max_fidelity_severity >= 2) {
      throw fault('judge_severity_ge_2_positive', 'must be true exactly when judge_max_fidelity_severity ≥ 2');
    }
    if (r.confusion_severity_ge_2 !== cellOf(r.judge_severity_ge_2_positive, r.human_fidelity_positive)) {
      throw fault('confusion_severity_ge_2', 'does not match judge_severity_ge_2_positive and human_fidelity_positive');
    }
    if (r.confusion_any_finding !== cellOf(r.judge_any_finding_positive, r.human_fidelity_positive)) {
      throw fault('confusion_any_finding', 'does not match judge_any_finding_positive and human_fidelity_positive');
    }
  });
  return rows;
}
