/** A benchmark release's own validation figures beside Earshot's recomputation from the imported rows. */
import type { ReleaseFigure, ReleaseValidationPart } from '../../../shared/types/judge-validation';
import { FiguresTable } from './FiguresTable';
import { figure } from './judge-format';

/** Whether Earshot's figure matches the release's (to 1e-9), differs, or one of them is missing. */
function verdict(f: ReleaseFigure): { text: string; tone: string } {
  if (f.computed === null) return { text: 'not recomputed', tone: 'muted' };
  if (f.stated === null) return { text: 'not stated', tone: 'muted' };
  return Math.abs(f.computed - f.stated) < 1e-9 ? { text: 'same', tone: 'same' } : { text: 'differs', tone: 'differs' };
}

function Part({ part }: { part: ReleaseValidationPart }) {
  // A note shared by several figures is printed once, under the table, and referred to by its number.
  const notes = [...new Set(part.figures.flatMap((f) => (f.note ? [f.note] : [])))];
  const wide = part.definitions.length > 0;
  return (
    <section className={`card release-card${wide ? ' release-card-wide' : ''}`} data-testid="release-validation"
      data-file={part.file}>
      <h2>Release figures</h2>
      <p className="release-title">{part.title}</p>
      <p className="judge-facts muted"><code>{part.file}</code> · {part.units}</p>
      <div className="release-body">
        <table className="data release-figures" data-testid="release-figures">
          <thead>
            <tr><th>figure</th><th className="num">Earshot</th><th className="num">release (stated)</th><th /></tr>
          </thead>
          <tbody>
            {part.figures.map((f) => {
              const v = verdict(f);
              return (
                <tr key={f.key} data-key={f.key}>
                  <td>{f.label}{f.note && <sup className="muted"> {notes.indexOf(f.note) + 1}</sup>}</td>
                  <td className="num" data-col="computed" data-value={f.computed ?? ''}>{figure(f.key, f.computed)}</td>
                  <td className="num" data-col="stated" data-value={f.stated ?? ''}>{figure(f.key, f.stated)}</td>
                  <td className={`release-match ${v.tone}`}>{v.text}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {part.definitions.length > 0 && (
          <FiguresTable
            heads={['definition']}
            rows={part.definitions.map((d) => ({ key: d.key, cells: [d.label], figures: d.figures }))}
            caption={<>judge vs the release’s final human label, per definition · 95% CI under each figure</>}
            testId="release-definitions"
          />
        )}
      </div>
      {notes.length > 0 && (
        <ol className="release-notes">{notes.map((n) => <li key={n}>{n}</li>)}</ol>
      )}
      {part.notes.length > 0 && (
        <ul className="release-notes" data-testid="release-notes">{part.notes.map((n) => <li key={n}>{n}</li>)}</ul>
      )}
    </section>
  );
}

/** Every validation part of the release the study was imported from, in a grid of their own. */
export function ReleaseCards({ parts }: { parts: readonly ReleaseValidationPart[] }) {
  if (parts.length === 0) return null;
  return <div className="release-grid">{parts.map((p) => <Part key={p.file} part={p} />)}</div>;
}
