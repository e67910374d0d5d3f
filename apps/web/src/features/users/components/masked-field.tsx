import { useEffect, useId, useRef } from 'react';
import { IMaskInput } from 'react-imask';

/**
 * A text field with an input mask (phone, birthday, CEP). Like FormField, its native validity
 * mirrors the form's error so Bootstrap's was-validated style and the message agree.
 */
export function MaskedField({
  label,
  mask,
  value,
  onChange,
  onBlur,
  error,
  placeholder,
  autoComplete,
  inputMode,
}: {
  label: string;
  mask: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string | undefined;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel';
}) {
  const id = useId();
  const input = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    input.current?.setCustomValidity(error ?? '');
  }, [error]);
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <IMaskInput
        id={id}
        mask={mask}
        value={value}
        unmask={false}
        onAccept={(next: string) => onChange(next)}
        onBlur={onBlur}
        inputRef={input}
        className="form-control"
        required
        placeholder={placeholder}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <div id={`${id}-error`} className="invalid-feedback">
        {error}
      </div>
    </div>
  );
}
