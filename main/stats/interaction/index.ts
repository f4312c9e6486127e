/** Public door of tau2-bench's full-duplex interaction metrics (see docs/metrics-interaction.md). */
export { DEFAULT_INTERACTION_CONFIG, configForTick, type InteractionConfig } from './config';
export type { InteractionEvent, InteractionEventType } from './event';
export { InteractionInputError, parseSimulation, parseTicks, tickDurationFromResults } from './parse-input';
export { simulationEvents, type SimulationEvents } from './simulation-events';
export { speechTurns, type SpeechTurn } from './speech-turns';
export { PANEL_METRICS, averageDomains, runMetrics, simulationMetrics, summarizeEvents } from './summarize';
export type { InteractionChunk, InteractionSimulation, InteractionTick } from './types';
