/** The normalized episode set every reader produces (VERA, DSB-DG, generic) and the runner plays. */
import type { Benchmark } from '../../../shared/domain';
import type { SynthesisConfig } from './schema';

/** What a scripted turn is for: a judged question (`question`, `probe`), talk to be ignored, or a document re-injection. */
export type TurnKind = 'question' | 'probe' | 'distractor' | 'reinjection';

/** One scripted turn. Re-injections are given to the agent as text, never spoken. */
export interface SetTurn {
  id: string;
  kind: TurnKind;
  text: string;
  /** Absolute path of the turn's audio, when the set provides it; otherwise it is synthesized. */
  audioPath: string | null;
  /** The reference answer of a judged turn. */
  reference: string | null;
  /** Whether the document answers it (DSB-DG); null when not applicable. */
  answerable: boolean | null;
  /** Full duplex: the caller cuts in this many ms after the agent's previous reply starts; absent: it waits. */
  interruptAtMs?: number;
}

/** A document the agent is grounded on. */
export interface SetDocument {
  id: string;
  title: string | null;
  text: string;
}

/** One item of a set: a scripted conversation with its documents and references. */
export interface SetItem {
  id: string;
  task: string;
  condition: Record<string, string>;
  /** Extra instructions for this item, appended to the system's. */
  instructions: string | null;
  documents: SetDocument[];
  turns: SetTurn[];
  /** The item's reference answer (its last judged turn's, for single-question items). */
  reference: string | null;
  info: Record<string, unknown>;
}

/** A whole episode set. */
export interface EpisodeSet {
  format: 'vera' | 'dsb-dg' | 'generic';
  name: string;
  benchmark: Benchmark;
  description: string;
  /** Absolute path of the set file or folder. */
  source: string;
  /** SHA-256 of the set's content, to tell a changed set from the one a run started with. */
  hash: string;
  synthesis: SynthesisConfig;
  /** Runs of every item the set asks for (its header's `repeats`), the default of a run's repeats. */
  repeats?: number;
  items: SetItem[];
  warnings: string[];
}
