import { argumentsOf, type IntakeCall } from './intake-call';

/** What happened to one gold field during a call: first logged value, final submitted value, and verification. */
export interface FieldCapture {
  task: string;
  system: string;
  condition: Record<string, string>;
  field: string;
  gold: string;
  /** Value of the first agent `log_capture` for this field, or null if never logged. */
  firstCapture: string | null;
  /** Value submitted for the field (last `submit_fields` that names it wins), or null if never submitted. */
  finalValue: string | null;
  /** The caller recorded a `note_spell_request` for the field. */
  spelled: boolean;
  /** The caller recorded a `note_readback` for the field. */
  readBack: boolean;
}

/** Upstream's comparison fold: lower-case, every run of characters other than a–z, 0–9, `@`, `.` becomes one space, trimmed. */
export function foldValue(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9@.]+/g, ' ').trim();
}

/** True when a captured value equals the gold value after foldValue; null captures are never correct. */
export function captureMatches(value: string | null, gold: string): boolean {
  return value !== null && foldValue(value) === foldValue(gold);
}

/** One FieldCapture per gold field of the call, read from agent `log_capture`/`submit_fields` and caller `note_*` tool events. */
export function extractFieldCaptures(call: IntakeCall): FieldCapture[] {
  const first = new Map<string, string>();
  const submitted = new Map<string, string>();
  const spelled = new Set<string>();
  const readBack = new Set<string>();
  for (const turn of call.turns) {
    const args = argumentsOf(turn);
    if (turn.source === 'agent_tool_event' && turn.toolName === 'log_capture') {
      const field = args.field_name;
      if (typeof field === 'string' && field !== '' && !first.has(field)) first.set(field, String(args.value ?? ''));
    } else if (turn.source === 'agent_tool_event' && turn.toolName === 'submit_fields') {
      const fields = args.fields;
      if (fields !== null && typeof fields === 'object') {
        for (const [field, value] of Object.entries(fields)) submitted.set(field, String(value));
      }
    } else if (turn.source === 'user_tool_event' && typeof args.field === 'string' && args.field !== '') {
      if (turn.toolName === 'note_spell_request') spelled.add(args.field);
      else if (turn.toolName === 'note_readback') readBack.add(args.field);
    }
  }
  return Object.entries(call.evaluationFields).map(([field, gold]) => ({
    task: call.task,
    system: call.system,
    condition: { ...call.condition },
    field,
    gold,
    firstCapture: first.get(field) ?? null,
    finalValue: submitted.get(field) ?? null,
    spelled: spelled.has(field),
    readBack: readBack.has(field),
  }));
}
