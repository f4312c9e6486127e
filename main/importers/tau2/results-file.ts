/**
 * A τ² results.json read without holding it whole: one pass outlines it (json-stream.ts), the run info and tasks are
 * parsed from their own bytes wherever they lie (before or after `simulations`), and each simulation of a monolithic
 * file is read and parsed only when its turn comes, one at a time.
 */
import { leadingStringField } from '../json-stream-key';
import { outlineJson } from '../json-stream';
import { readJsonElement, readJsonFields } from '../json-stream-read';
import { JSON_FILE, SIMULATION_FILE } from '../limits';
import { validate } from '../read-json';
import { tau2Results, type Tau2Results } from './schema';

/** A simulation not yet read: its file (as messages name it) and how to load it. */
export interface PendingSimulation {
  file: string;
  load: () => unknown;
}

/** How messages name simulation `ordinal` (from 1), with its id when its text gives one. */
export function simulationRecord(ordinal: number, id: string | null): string {
  return id === null ? `simulation ${ordinal}` : `simulation ${ordinal} (id ${JSON.stringify(id.slice(0, 60))})`;
}

const recordFromText = (ordinal: number, text: string) => simulationRecord(ordinal, leadingStringField(text, 'id'));

/**
 * Reads the results file at `path` (`file` names it in messages): its run info, validated, and its simulations, each
 * loaded on demand. The fields beside `simulations` are held to the size of a JSON file, each simulation to that of a
 * simulation file.
 */
export function readResultsFile(path: string, file: string): { meta: Tau2Results; simulations: PendingSimulation[] } {
  const outline = outlineJson(path, file, {
    arrayKey: 'simulations',
    elementLimit: { bytes: SIMULATION_FILE.bytes, kind: 'a τ² simulation' },
    fieldsLimit: JSON_FILE,
    elementRecord: (index, before) => recordFromText(index + 1, before),
  });
  const meta = validate(tau2Results, readJsonFields(path, file, outline), file, 'file');
  const simulations = outline.elements.map((_, index) => ({
    file,
    load: () => readJsonElement(path, file, outline, index, (text) => recordFromText(index + 1, text)),
  }));
  return { meta, simulations };
}
