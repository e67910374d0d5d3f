import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

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
    <Form.Group controlId={id} className={className ?? 'mb-3'}>
      <Form.Label>{label}</Form.Label>
      {children}
      {error ? (
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {error}
        </Form.Control.Feedback>
      ) : null}
      {hint ? <Form.Text id={`${id}-hint`}>{hint}</Form.Text> : null}
    </Form.Group>
  );
}
