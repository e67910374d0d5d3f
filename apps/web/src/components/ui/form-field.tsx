import { useEffect, useId, useRef, type ComponentPropsWithRef, type ReactNode, type Ref } from 'react';

type FieldProps = Omit<ComponentPropsWithRef<'input'>, 'id'> & {
  label: ReactNode;
  /** Translated message of the field's current error, if any. */
  error?: string | undefined;
  /** Show the error now, before a submit adds the form's validated style (e.g. while typing). */
  showErrorNow?: boolean;
  /** Shown under the field while there is no error to show. */
  hint?: ReactNode;
  multiline?: boolean;
  rows?: number;
};

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

/**
 * A Bootstrap field whose native validity mirrors the form's (zod) error, so the browser's
 * `required`/`type` checks, `:invalid` and Bootstrap's `was-validated` style all agree, and the
 * message under the field is the catalogue's text instead of the browser's own.
 */
export function FormField({
  label,
  error,
  showErrorNow,
  hint,
  multiline,
  rows,
  ref,
  className,
  ...input
}: FieldProps) {
  const id = useId();
  const element = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  useEffect(() => {
    element.current?.setCustomValidity(error ?? '');
  }, [error]);

  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  const controlClass = `form-control${showErrorNow && error ? ' is-invalid' : ''}`;
  const setRef = (node: HTMLInputElement | HTMLTextAreaElement | null) => {
    element.current = node;
    assignRef(ref as Ref<HTMLInputElement | HTMLTextAreaElement>, node);
  };

  return (
    <div className={className ?? 'mb-3'}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {multiline ? (
        <textarea
          id={id}
          rows={rows ?? 5}
          className={controlClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...(input as ComponentPropsWithRef<'textarea'>)}
          ref={setRef}
        />
      ) : (
        <input
          id={id}
          className={controlClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...input}
          ref={setRef}
        />
      )}
      <div id={`${id}-error`} className="invalid-feedback">
        {error}
      </div>
      {hint && !(showErrorNow && error) ? (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
