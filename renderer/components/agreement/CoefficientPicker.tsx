/** Which coefficients the agreement table shows: one checkbox per coefficient the report has. */
import type { CoefficientRow } from './coefficient-rows';

/** A collapsible list of checkboxes; `onChange` gets the keys to show. */
export function CoefficientPicker(props: {
  rows: readonly CoefficientRow[];
  shown: readonly string[];
  onChange: (keys: string[]) => void;
}) {
  const { rows, shown, onChange } = props;
  const count = rows.filter((r) => shown.includes(r.key)).length;
  return (
    <details className="coefficient-picker" data-testid="coefficient-picker">
      <summary>
        Coefficients: {count} of {rows.length} shown
      </summary>
      <div className="coefficient-choices">
        {rows.map((r) => (
          <label key={r.key}>
            <input
              type="checkbox"
              data-testid="coefficient-choice"
              data-key={r.key}
              checked={shown.includes(r.key)}
              onChange={(e) => onChange(e.target.checked ? [...shown, r.key] : shown.filter((k) => k !== r.key))}
            />
            {r.label}
          </label>
        ))}
      </div>
    </details>
  );
}
