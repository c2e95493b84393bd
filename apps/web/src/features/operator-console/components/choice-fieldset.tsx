import { cx } from '../../../lib/class-names';

export interface ChoiceFieldsetProps<Value extends string> {
  legend: string;
  /** The radio group's name: unique on the page. */
  name: string;
  values: readonly Value[];
  labels: Record<Value, string>;
  value: Value;
  onChange: (value: Value) => void;
  /** A choice that cannot be undone, shown in the danger colour. */
  danger?: Value;
}

/** One choice among a few, as large radio rows (a report's resolution, a refund's timing). */
export function ChoiceFieldset<Value extends string>(props: ChoiceFieldsetProps<Value>) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 font-semibold text-ink">{props.legend}</legend>
      {props.values.map((value) => (
        <label
          key={value}
          className={cx(
            'flex min-h-touch cursor-pointer items-center gap-3 rounded-control border px-3 py-2',
            props.value === value ? 'border-brand bg-brand-soft' : 'border-line-strong',
          )}
        >
          <input
            type="radio"
            name={props.name}
            value={value}
            checked={props.value === value}
            onChange={() => props.onChange(value)}
            className="size-4 accent-brand"
          />
          <span className={value === props.danger ? 'text-danger-ink' : undefined}>
            {props.labels[value]}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
