/** One label field: choice chips (numbered for the keyboard), yes/no, a number or free text. */
import { useEffect, useState } from 'react';
import type { FieldOption, LabelValue, TaxonomyField } from '../../../shared/types/annotation';

/** Props of a field row. */
export interface FieldInputProps {
  spec: TaxonomyField;
  value: LabelValue;
  focused: boolean;
  onFocus(): void;
  onChange(value: LabelValue): void;
  /** Overrides the option list (e.g. the judge's verdicts plus the label it used). */
  options?: FieldOption[];
}

/** The options a field offers, in order, as the number keys count them (boolean: yes = 1, no = 2). */
export function fieldOptions(spec: TaxonomyField): FieldOption[] {
  if (spec.kind === 'boolean') return [{ value: 'yes' }, { value: 'no' }];
  return spec.options ?? [];
}

/** Whether a field's options are the digits themselves (e.g. severity 0–3): then key "2" means the option "2". */
export function digitOptions(options: FieldOption[]): boolean {
  return options.length > 0 && options.every((o) => /^[0-9]$/.test(o.value));
}

/** The option a number key picks: the option named by the digit for digit options, else the n-th (1-based). */
export function optionForKey(options: FieldOption[], digit: number): number | undefined {
  if (digitOptions(options)) {
    const at = options.findIndex((o) => o.value === String(digit));
    return at < 0 ? undefined : at + 1;
  }
  return digit >= 1 ? digit : undefined;
}

/** The value the n-th option (1-based) gives the field, toggling for multi-choice; undefined when out of range. */
export function valueForOption(spec: TaxonomyField, current: LabelValue, n: number, options = fieldOptions(spec)): LabelValue | undefined {
  const option = options[n - 1];
  if (!option) return undefined;
  if (spec.kind === 'boolean') return option.value === 'yes';
  if (spec.kind === 'multi') {
    const set = Array.isArray(current) ? current : [];
    return set.includes(option.value) ? set.filter((v) => v !== option.value) : [...set, option.value];
  }
  return String(current) === option.value ? null : option.value;
}

function isOn(spec: TaxonomyField, value: LabelValue, option: string): boolean {
  if (spec.kind === 'boolean') return value === (option === 'yes');
  if (spec.kind === 'multi') return Array.isArray(value) && value.includes(option);
  return value !== null && String(value) === option;
}

function TextInput({ value, onChange, multiline }: { value: string; onChange(v: string | null): void; multiline: boolean }) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => draft !== value && onChange(draft.trim() === '' ? null : draft);
  const common = { value: draft, 'data-testid': 'label-text', onChange: (e: { target: { value: string } }) => setDraft(e.target.value), onBlur: commit };
  return multiline ? <textarea rows={3} {...common} /> : <input type="number" min={0} {...common} />;
}

/** Renders one field. */
export function FieldInput({ spec, value, focused, onFocus, onChange, options }: FieldInputProps) {
  const list = options ?? fieldOptions(spec);
  const hints = !digitOptions(list);
  let group: string | undefined;
  return (
    <div className={`label-field${focused ? ' focused' : ''}`} data-testid="label-field" data-field={spec.key} data-focused={focused} onClick={onFocus} onFocusCapture={onFocus}>
      <div className="label-name" title={spec.description}>{spec.label}</div>
      {spec.kind === 'text' || spec.kind === 'number' ? (
        <TextInput value={value === null ? '' : String(value)} multiline={spec.kind === 'text'} onChange={(v) => onChange(spec.kind === 'number' && v !== null ? Number(v) : v)} />
      ) : (
        <div className="label-options" role={spec.kind === 'multi' ? 'group' : 'radiogroup'} aria-label={spec.label}>
          {list.map((o, i) => {
            const heading = o.group && o.group !== group ? (group = o.group) : null;
            const on = isOn(spec, value, o.value);
            return (
              <span key={o.value} className="label-option-wrap">
                {heading && <span className="label-group">{heading}</span>}
                <button
                  type="button"
                  className={`label-option${on ? ' on' : ''}`}
                  data-testid="label-option"
                  data-value={o.value}
                  aria-pressed={on}
                  title={o.description}
                  onClick={(e) => {
                    e.stopPropagation();
                    onFocus();
                    onChange(valueForOption(spec, value, i + 1, list) ?? null);
                  }}
                >
                  {hints && i < 9 && <kbd>{i + 1}</kbd>}
                  {o.label ?? o.value}
                </button>
              </span>
            );
          })}
        </div>
      )}
    </div>
  );
}
