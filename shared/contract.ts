/** The one contract between renderer and main side: every callable method and every pushed event. */
import type { z } from 'zod';
import { browseMethods } from './methods/browse';
import { jobMethods } from './methods/jobs';
import { importMethods } from './methods/imports';
import { annotationMethods } from './methods/annotation';
import { metricsMethods } from './methods/metrics';
import { runMethods } from './methods/runs';
import { judgeValidationMethods } from './methods/judge-validation';
import { progressMethods } from './methods/progress';
import { casebookMethods } from './methods/casebook';
import { annotationFileMethods } from './methods/annotation-files';
import type { MetricsSectionEvent } from './types/metrics-sections';
import { alignmentMethods } from './methods/alignment';

/** Every method the renderer may call, by name: the union of the per-domain tables in shared/methods/. */
export const methods = {
  ...browseMethods,
  ...jobMethods,
  ...importMethods,
  ...annotationMethods,
  ...metricsMethods,
  ...runMethods,
  ...judgeValidationMethods,
  ...progressMethods,
  ...casebookMethods,
  ...annotationFileMethods,
  ...alignmentMethods,
} as const;

/** Name of a callable method. */
export type MethodName = keyof typeof methods;
/** Input type of method M. */
export type MethodInput<M extends MethodName> = z.infer<(typeof methods)[M]['input']>;
/** Output type of method M. */
export type MethodOutput<M extends MethodName> = NonNullable<(typeof methods)[M]['output']>;

/** Events the main side pushes to every open renderer. */
export interface EventPayloads {
  'job.progress': {
    jobId: string;
    kind: string;
    done: number;
    total: number;
    message: string;
    finished: boolean;
    error: string | null;
    result: unknown;
  };
  'data.changed': { scope: 'studies' | 'episodes' | 'annotations'; studyId: number | null };
  /** The head or one finished section of a `metrics.start` job. */
  'metrics.section': MetricsSectionEvent;
}
/** Name of a pushed event. */
export type EventName = keyof EventPayloads;
/** Every event name, for validation at the doors. */
export const eventNames: readonly EventName[] = ['job.progress', 'data.changed', 'metrics.section'];
/** One pushed event as a listener receives it: its name and that event's payload. */
export type PushedEvent = { [E in EventName]: [event: E, payload: EventPayloads[E]] }[EventName];
/** Listener of every pushed event, `(event, payload) => …`; comparing `event` with a name narrows `payload`. */
export type PushedEventListener = (...event: PushedEvent) => void;

/** Error codes a call can fail with. */
export type ErrorCode =
  | 'unknown_method'
  | 'invalid_input'
  | 'not_found'
  | 'bad_frame'
  | 'conflict'
  | 'forbidden'
  | 'unavailable'
  | 'internal';

/** The typed error returned by a failed call. */
export interface CallError {
  code: ErrorCode;
  message: string;
}

/** The result of one call, as carried by either door. */
export type CallResult<T> = { ok: true; result: T } | { ok: false; error: CallError };

/** True when `name` is a method of the contract. */
export function isMethodName(name: unknown): name is MethodName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(methods, name);
}

/** Checks a call at a door: the method exists and its input passes the schema. */
export function validateCall(name: unknown, input: unknown): CallResult<{ method: MethodName; input: unknown }> {
  if (!isMethodName(name))
    return { ok: false, error: { code: 'unknown_method', message: `Unknown method: ${String(name)}` } };
  const parsed = methods[name].input.safeParse(input ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length ? issue.path.join('.') : 'input';
    return { ok: false, error: { code: 'invalid_input', message: `${name}: ${where}: ${issue.message}` } };
  }
  return { ok: true, result: { method: name, input: parsed.data } };
}
