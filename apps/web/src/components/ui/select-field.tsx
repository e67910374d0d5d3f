import { useEffect, useId, useRef, type ComponentPropsWithRef, type ReactNode } from 'react';

type SelectFieldProps = Omit<ComponentPropsWithRef<'select'>, 'id'> & {
  label: ReactNode;
  error?: string | undefined;
  /** The disabled blank first option ('Selecione'). */
  placeholder?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
};

/** FormField's twin for a <select>: native validity mirrors the form's error (see form-field.tsx). */
export function SelectField({
  label,
  error,
  placeholder,
  options,
  ref,
  className,
  ...select
}: SelectFieldProps) {
  const id = useId();
  const element = useRef<HTMLSelectElement | null>(null);
  useEffect(() => {
    element.current?.setCustomValidity(error ?? '');
  }, [error]);
  return (
    <div className={className ?? 'mb-3'}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select
        id={id}
        className="form-select"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
        ref={(node) => {
          element.current = node;
          if (typeof ref === 'function') ref(node);
          else if (ref) (ref as { current: HTMLSelectElement | null }).current = node;
        }}
      >
        {placeholder !== undefined ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <div id={`${id}-error`} className="invalid-feedback">
        {error}
      </div>
    </div>
  );
}
