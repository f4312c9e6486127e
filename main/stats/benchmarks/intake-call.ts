/** One transcript entry of a τ-Elicitation compact transcript, reduced to what the capture metrics read. */
export interface IntakeTurn {
  /** `agent_tool_event`, `user_tool_event`, `delivery_expected_text`, `agent_stream_chunks`. */
  source: string;
  /** Tool name for tool events (`log_capture`, `submit_fields`, `note_spell_request`, `note_readback`, …), else null. */
  toolName: string | null;
  /** Tool arguments as recorded (a JSON object for tool events). */
  toolArguments: unknown;
}

/** One τ-Elicitation call: identity, condition, gold fields and its turns. */
export interface IntakeCall {
  task: string;
  system: string;
  condition: Record<string, string>;
  /** Gold values per field (`evaluation_fields`); may be empty. */
  evaluationFields: Record<string, string>;
  turns: readonly IntakeTurn[];
}

/** The tool arguments of a turn as a plain object ({} when absent or not an object). */
export function argumentsOf(turn: IntakeTurn): Record<string, unknown> {
  const args = turn.toolArguments;
  return args !== null && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
}
