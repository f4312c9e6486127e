/**
 * What a call's gold/reference holds, read from `episode.info` as the importers keep it: VERA's expected answer and
 * context documents, τ-Elicitation's gold values against the submitted ones and its complication, τ²'s evaluation
 * criteria, and the generic `answer` / `document`. Imported data is untrusted: every value is checked here and shown
 * as text.
 */
import type { Benchmark } from '../../../shared/domain';
import { compareFields, type FieldComparison } from './field-comparison';

/** An answer to judge the call against: the expected one and, when the source records it, the system's. */
export interface ReferenceAnswer {
  expected: string | null;
  given: string | null;
  /** Where `given` comes from, e.g. 'extracted by the grader'. */
  givenSource: string;
}

/** A document the call was answered from (VERA's long-context track, DSB-DG). */
export interface ReferenceDocument {
  source: string | null;
  content: string;
}

/** The scripted complication of a τ-Elicitation call. */
export interface ReferenceComplication {
  kind: string;
  injected: boolean | null;
  /** The instruction given to the simulated caller. */
  line: string | null;
  /** Its parameters, each as text. */
  params: [string, string][];
}

/** One action a τ² task expects the agent (or the user) to take. */
export interface ExpectedAction {
  name: string;
  requestor: string | null;
  /** Each argument's name and value (a string as it is, anything else as JSON), in the task's order. */
  arguments: [string, string][];
}

/** The criteria a τ² task is evaluated on (tau2's `evaluation_criteria`). */
export interface EvaluationCriteria {
  actions: ExpectedAction[];
  communicate: string[];
  assertions: string[];
}

/** Everything of the reference a call carries; each part null (or empty) where it carries none. */
export interface Reference {
  answer: ReferenceAnswer | null;
  documents: ReferenceDocument[];
  fields: FieldComparison[] | null;
  complication: ReferenceComplication | null;
  criteria: EvaluationCriteria | null;
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** A JSON value as one line of text: strings as they are, anything else as JSON. */
export function asText(v: unknown): string {
  return typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
}

function answerOf(info: Json): ReferenceAnswer | null {
  if ('expectedAnswer' in info || 'extractedFinalAnswer' in info) {
    const expected = text(info.expectedAnswer);
    const given = text(info.extractedFinalAnswer);
    return expected === null && given === null ? null : { expected, given, givenSource: 'extracted by the grader' };
  }
  if (!isObject(info.answer)) return null;
  const expected = info.answer.expected == null ? null : asText(info.answer.expected);
  const given = info.answer.given == null ? null : asText(info.answer.given);
  return expected === null && given === null ? null : { expected, given, givenSource: 'given by the system' };
}

function documentsOf(info: Json): ReferenceDocument[] {
  const docs = Array.isArray(info.contextDocuments) ? info.contextDocuments : [];
  const listed = docs.flatMap((d): ReferenceDocument[] =>
    isObject(d) && typeof d.content === 'string' ? [{ source: text(d.source), content: d.content }] : [],
  );
  return typeof info.document === 'string' ? [...listed, { source: null, content: info.document }] : listed;
}

function complicationOf(info: Json): ReferenceComplication | null {
  const c = info.complication;
  if (!isObject(c) || typeof c.kind !== 'string') return null;
  const params = isObject(c.params) ? Object.entries(c.params).filter(([, v]) => v !== null) : [];
  return {
    kind: c.kind,
    injected: typeof c.injected === 'boolean' ? c.injected : null,
    line: text(c.line),
    params: params.map(([k, v]) => [k, asText(v)]),
  };
}

/** An action's arguments as [name, value] pairs; none when they are not an object. */
function argumentsOf(args: unknown): [string, string][] {
  return isObject(args) ? Object.entries(args).map(([k, v]) => [k, asText(v)]) : [];
}

function criteriaOf(info: Json): EvaluationCriteria | null {
  const c = info.evaluationCriteria;
  if (!isObject(c)) return null;
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);
  const actions = (Array.isArray(c.actions) ? c.actions : []).flatMap((a): ExpectedAction[] =>
    isObject(a) && typeof a.name === 'string'
      ? [{ name: a.name, requestor: text(a.requestor), arguments: argumentsOf(a.arguments) }]
      : [],
  );
  return { actions, communicate: strings(c.communicate_info), assertions: strings(c.nl_assertions) };
}

/** The reference the call's info carries. */
export function referenceOf(info: Record<string, unknown>): Reference {
  return {
    answer: answerOf(info),
    documents: documentsOf(info),
    fields: isObject(info.evaluationFields) ? compareFields(info.evaluationFields, info.submittedFields) : null,
    complication: complicationOf(info),
    criteria: criteriaOf(info),
  };
}

/** True when the reference holds nothing to show. */
export function isEmptyReference(r: Reference): boolean {
  return !r.answer && r.documents.length === 0 && !r.fields && !r.complication && !r.criteria;
}

/** Whether the panel is shown for a call of this benchmark even with nothing to show (to say what is missing). */
export function expectsReference(benchmark: Benchmark): boolean {
  return benchmark === 'vera' || benchmark === 'tau-elicitation' || benchmark === 'tau-voice';
}
