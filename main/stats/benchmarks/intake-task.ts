/** Entity type, difficulty and index read from a canonical τ-Elicitation task id. */
export interface IntakeTask {
  /** The entity bank, e.g. `dates`, `person_names`, `coined`. */
  entityType: string;
  difficulty: 'easy' | 'hard';
  index: number;
}

const INTAKE_TASK = /^intake_(.+)_(easy|hard)_(\d+)$/;

/** Parses `intake_<entity type>_<easy|hard>_<nn>` (the upstream analysis' pattern); null for any other id. */
export function parseIntakeTask(taskId: string): IntakeTask | null {
  const match = INTAKE_TASK.exec(taskId);
  if (!match) return null;
  return { entityType: match[1], difficulty: match[2] as 'easy' | 'hard', index: Number(match[3]) };
}
