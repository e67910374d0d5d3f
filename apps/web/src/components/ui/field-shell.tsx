import type { ReactNode } from 'react';
// The parts, not `react-bootstrap/Form`, which bundles every kind of control with it.
import FormControl from 'react-bootstrap/FormControl';
import FormGroup from 'react-bootstrap/FormGroup';
import FormLabel from 'react-bootstrap/FormLabel';
import FormText from 'react-bootstrap/FormText';

/**
 * Label, control, the error under it (react-bootstrap's invalid feedback, shown next to an
 * `isInvalid` control) and an optional hint: the frame every contract field shares.
 */
export function FieldShell({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error: string | undefined;
  hint?: ReactNode;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <FormGroup controlId={id} className={className ?? 'mb-3'}>
      <FormLabel>{label}</FormLabel>
      {children}
      {error ? (
        <FormControl.Feedback type="invalid" id={`${id}-error`}>
          {error}
        </FormControl.Feedback>
      ) : null}
      {hint ? <FormText id={`${id}-hint`}>{hint}</FormText> : null}
    </FormGroup>
  );
}
