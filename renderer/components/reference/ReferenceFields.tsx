/** τ-Elicitation's gold values against the submitted ones: one row a field, the differing characters marked. */
import { diffSpans, type FieldComparison, type FieldStatus } from './field-comparison';

const STATUS_TEXT: Record<FieldStatus, string> = {
  match: 'match',
  formatting: 'same up to formatting',
  differs: 'differs',
  missing: 'not submitted',
  extra: 'no gold value',
};

const STATUS_HELP: Record<FieldStatus, string> = {
  match: 'the submitted value is the gold value',
  formatting: 'the same letters and digits; only case, accents, spaces or punctuation differ',
  differs: 'the submitted value is not the gold value',
  missing: 'the agent submitted no value for this field',
  extra: 'the agent submitted a field the task has no gold value for',
};

/** A value with the part that differs from `other` marked; the whole value when there is nothing to compare with. */
function Marked({ value, other, testId }: { value: string | null; other: string | null; testId: string }) {
  if (value === null)
    return (
      <span className="muted" data-testid={testId}>
        –
      </span>
    );
  if (other === null || value === other) return <span data-testid={testId}>{value}</span>;
  const { same, changed, tail } = diffSpans(value, other);
  return (
    <span data-testid={testId}>
      {same}
      {changed && <mark className="ref-diff">{changed}</mark>}
      {!changed && <span className="ref-gap" title="characters missing here" />}
      {tail}
    </span>
  );
}

/** The comparison table. */
export function ReferenceFields({ fields }: { fields: FieldComparison[] }) {
  if (fields.length === 0) return <p className="muted">The task has no gold values.</p>;
  const notCaptured = fields.filter((f) => f.status === 'differs' || f.status === 'missing').length;
  return (
    <div className="ref-fields">
      <h3>
        gold vs submitted{' '}
        <span className={notCaptured ? 'ref-summary bad' : 'ref-summary good'} data-testid="reference-fields-summary">
          {notCaptured ? `${notCaptured} of ${fields.length} not captured` : 'all captured'}
        </span>
      </h3>
      <table>
        <thead>
          <tr>
            <th>field</th>
            <th>gold</th>
            <th>submitted</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((f) => {
            const compare = f.status === 'differs';
            return (
              <tr
                key={f.field}
                className={`ref-field ref-${f.status}`}
                data-testid="reference-field"
                data-field={f.field}
                data-status={f.status}
              >
                <th scope="row">
                  {f.field.replace(/_/g, ' ')}
                  <span className="ref-status" title={STATUS_HELP[f.status]}>
                    {STATUS_TEXT[f.status]}
                  </span>
                </th>
                <td>
                  <Marked value={f.gold} other={compare ? f.submitted : null} testId="reference-gold" />
                </td>
                <td>
                  <Marked value={f.submitted} other={compare ? f.gold : null} testId="reference-submitted" />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
