import { useId, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import type { ContractForm, FieldValues, Path } from '../../hooks/use-contract-form';

/** A checkbox (or `asSwitch`) bound to a boolean field of a contract form. */
export function CheckField<Input extends FieldValues>({
  form,
  name,
  label,
  hint,
  asSwitch,
  className,
}: {
  form: ContractForm<Input, unknown>;
  name: Path<Input>;
  label: ReactNode;
  hint?: ReactNode;
  asSwitch?: boolean;
  className?: string;
}) {
  const id = useId();
  return (
    <Form.Check type={asSwitch ? 'switch' : 'checkbox'} id={id} className={className}>
      <Form.Check.Input
        type="checkbox"
        role={asSwitch ? 'switch' : undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...form.register(name)}
      />
      <Form.Check.Label>{label}</Form.Check.Label>
      {hint ? (
        <Form.Text as="div" id={`${id}-hint`}>
          {hint}
        </Form.Text>
      ) : null}
    </Form.Check>
  );
}
