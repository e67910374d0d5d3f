import { useId, type ReactNode } from 'react';
import FormCheck from 'react-bootstrap/FormCheck';
import FormText from 'react-bootstrap/FormText';
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
    <FormCheck type={asSwitch ? 'switch' : 'checkbox'} id={id} className={className}>
      <FormCheck.Input
        type="checkbox"
        role={asSwitch ? 'switch' : undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...form.register(name)}
      />
      <FormCheck.Label>{label}</FormCheck.Label>
      {hint ? (
        <FormText as="div" id={`${id}-hint`}>
          {hint}
        </FormText>
      ) : null}
    </FormCheck>
  );
}
