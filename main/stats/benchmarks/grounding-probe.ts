import type { RefreshSchedule } from '../../../shared/types/grounding-rows';

/** Kind of unsupported content in an answer: contradicting the document (intrinsic) or adding facts it lacks (extrinsic). */
export type HallucinationKind = 'none' | 'intrinsic' | 'extrinsic';

/** One question put to a system in a DSB-DG document-grounded spoken session, with its human or judge labels. */
export interface GroundingProbe {
  system: string;
  /** The multi-turn script (session) the probe belongs to: the cluster for bootstrap intervals. */
  script: string;
  /** The probe's id, unique within its script. */
  probe: string;
  /** The question's identity across scripts and refresh schedules (the same question asked in another script). */
  question: string;
  domain: string;
  /** Context tier, `T1` … `T5` (≈0.5k to 8k tokens of document). */
  tier: string;
  /** 1-based user turn of the probe within its script (1 … 17 in decay scripts). */
  turn: number;
  /** Whether the document contains the answer. */
  answerable: boolean;
  /** The system declined to answer (said it does not know / cannot find it). */
  refused: boolean;
  /** The answer matches the document; false for refusals and for every answer to an unanswerable question. */
  correct: boolean;
  /** One label per answer; an answer that both contradicts and adds is labelled intrinsic. */
  hallucination: HallucinationKind;
  /** The answer was given without hedging. */
  confident: boolean;
  /** The script's refresh schedule, or null when not known. */
  refresh: RefreshSchedule | null;
  /** A late probe: the id of the early probe of the same script it repeats; null for every other probe. */
  repeats: string | null;
  /** First-token emission delay (FTED): end of user speech to first agent audio, in ms; null when not measured. */
  firstAudioMs: number | null;
}

/** Whether the probe counts as grounded: answered (not refused) and correct. */
export function isGrounded(p: GroundingProbe): boolean {
  return p.correct && !p.refused;
}
