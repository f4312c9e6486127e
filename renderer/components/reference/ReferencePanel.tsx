/**
 * The gold/reference of the open call, beside the labels: the expected answer and context documents (collapsed), gold
 * values against the submitted ones with their differences marked, the complication, and the expected actions.
 * Everything here comes from imported files and is rendered as text.
 */
import { useMemo, useState } from 'react';
import type { Benchmark } from '../../../shared/domain';
import { useApp } from '../../store';
import { expectsReference, isEmptyReference, referenceOf, type Reference } from './reference-model';
import { ReferenceFields } from './ReferenceFields';
import './reference.css';

/** Answers longer than this many characters or lines are shown collapsed to their first lines. */
const SHORT_CHARS = 160;
const SHORT_LINES = 3;

/** An answer's text: whole when short, else collapsed to its first lines until opened. */
function AnswerText({ value, testId }: { value: string; testId: string }) {
  const [open, setOpen] = useState(false);
  const long = value.length > SHORT_CHARS || value.split('\n').length > SHORT_LINES;
  if (!long) return <dd data-testid={testId}>{value}</dd>;
  return (
    <dd>
      <span className={open ? 'ref-long' : 'ref-long ref-clamped'} data-testid={testId} data-open={open}>
        {value}
      </span>
      <button
        type="button"
        className="small quiet ref-more"
        onClick={() => setOpen(!open)}
        data-testid={`${testId}-more`}
      >
        {open ? 'show less' : `show all (${value.length.toLocaleString('en-US')} characters)`}
      </button>
    </dd>
  );
}

function AnswerSection({ answer }: { answer: NonNullable<Reference['answer']> }) {
  return (
    <dl className="ref-answer">
      <div>
        <dt>expected answer</dt>
        {answer.expected === null ? <dd>–</dd> : <AnswerText value={answer.expected} testId="reference-expected" />}
      </div>
      {answer.given !== null && (
        <div>
          <dt>{answer.givenSource}</dt>
          <AnswerText value={answer.given} testId="reference-given" />
        </div>
      )}
    </dl>
  );
}

/** One document, collapsed until opened; its text is put in the page only once it is opened. */
function DocumentSection({ doc, index }: { doc: Reference['documents'][number]; index: number }) {
  const [open, setOpen] = useState(false);
  const chars = doc.content.length.toLocaleString('en-US');
  return (
    <details className="ref-doc" data-testid="reference-document" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        context document {index + 1}
        {doc.source ? ` · ${doc.source}` : ''} <span className="muted">({chars} characters)</span>
      </summary>
      {open && (
        <pre className="ref-doc-text" data-testid="reference-document-text">
          {doc.content}
        </pre>
      )}
    </details>
  );
}

function ComplicationSection({ c }: { c: NonNullable<Reference['complication']> }) {
  return (
    <div className="ref-complication" data-testid="reference-complication" data-kind={c.kind}>
      <h3>complication</h3>
      <p>
        <span className="chip" data-testid="reference-complication-kind">
          {c.kind.replace(/_/g, ' ')}
        </span>{' '}
        {c.injected !== null && (
          <span className="muted">
            {c.injected ? 'injected into the caller’s script' : 'applied to the voice only'}
          </span>
        )}
      </p>
      {c.params.length > 0 && (
        <dl className="ref-params">
          {c.params.map(([k, v]) => (
            <div key={k}>
              <dt>{k.replace(/_/g, ' ')}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      )}
      {c.line && (
        <details className="ref-line">
          <summary>the caller’s instruction</summary>
          <p>{c.line}</p>
        </details>
      )}
    </div>
  );
}

function CriteriaSection({ criteria }: { criteria: NonNullable<Reference['criteria']> }) {
  return (
    <div className="ref-criteria">
      <h3>expected actions</h3>
      {criteria.actions.length === 0 && <p className="muted">The task expects no actions.</p>}
      <ol className="ref-actions">
        {criteria.actions.map((a, i) => (
          <li key={i} data-testid="reference-action">
            <code className="ref-call">{a.name}</code>
            {a.requestor && a.requestor !== 'assistant' && <span className="muted"> by the {a.requestor}</span>}
            {a.arguments.length > 0 && (
              <dl className="ref-args">
                {a.arguments.map(([name, value]) => (
                  <div key={name}>
                    <dt>{name}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            )}
          </li>
        ))}
      </ol>
      {criteria.communicate.length > 0 && (
        <>
          <h3>to communicate</h3>
          <ul className="ref-list">
            {criteria.communicate.map((s, i) => (
              <li key={i}>{s}</li>
            ))}
          </ul>
        </>
      )}
      {criteria.assertions.length > 0 && (
        <>
          <h3>assertions</h3>
          <ul className="ref-list">
            {criteria.assertions.map((s, i) => (
              <li key={i}>{s}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** What the panel says when a benchmark's call carries none of its reference. */
function missingNote(benchmark: Benchmark, r: Reference): string | null {
  if (benchmark === 'vera' && !r.answer) return 'No expected answer recorded for this call.';
  if (benchmark === 'tau-elicitation' && !r.fields) return 'No gold values recorded for this call.';
  if (benchmark === 'tau-voice' && !r.criteria)
    return 'No expected actions: the run’s tasks (with their evaluation criteria) were not imported with this call.';
  return null;
}

/** The reference panel of the open call; nothing for a call of a benchmark without one. */
export function ReferencePanel() {
  const detail = useApp((s) => s.detail);
  const named = useApp((s) => s.annotatorId !== null);
  const reference = useMemo(() => (detail ? referenceOf(detail.episode.info) : null), [detail]);
  if (!detail || !reference) return null;
  const { benchmark } = detail.episode;
  const head = (
    <header className="panel-head">
      <h2>Reference</h2>
    </header>
  );
  if (detail.referenceHidden) {
    return (
      <section className="panel reference" data-testid="reference-hidden">
        {head}
        <p className="judge-hidden">
          {named
            ? 'Hidden until you commit your labels for this call.'
            : 'Hidden in this study until the annotator commits their labels for this call; ' +
              'choose who you are (top right).'}
        </p>
      </section>
    );
  }
  if (isEmptyReference(reference) && !expectsReference(benchmark)) return null;
  const note = missingNote(benchmark, reference);
  return (
    <section className="panel reference" data-testid="reference-panel" data-benchmark={benchmark}>
      {head}
      {reference.answer && <AnswerSection answer={reference.answer} />}
      {reference.documents.map((doc, i) => (
        <DocumentSection key={`${detail.episode.id}-${i}`} doc={doc} index={i} />
      ))}
      {reference.fields && <ReferenceFields fields={reference.fields} />}
      {reference.complication && <ComplicationSection c={reference.complication} />}
      {reference.criteria && <CriteriaSection criteria={reference.criteria} />}
      {note && (
        <p className="muted" data-testid="reference-missing">
          {note}
        </p>
      )}
    </section>
  );
}
