import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { useController, type FieldValues, type Path } from 'react-hook-form';
import { IMaskInput } from './lazy-mask-input';
import { useContractField, type ContractForm } from '../../hooks/use-contract-form';
import { FieldShell } from './field-shell';

/** A text field with an input mask (phone, birthday, CEP) bound to a field of a contract form. */
export function MaskedField<Input extends FieldValues>({
  form,
  name,
  label,
  mask,
  placeholder,
  autoComplete,
  inputMode,
  className,
}: {
  form: ContractForm<Input, unknown>;
  name: Path<Input>;
  label: ReactNode;
  mask: string;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel';
  className?: string;
}) {
  const field = useContractField(form, name);
  // The mask rewrites the input's value itself, so the form follows it through onAccept.
  const { field: bound } = useController({ control: form.control, name });
  return (
    <FieldShell id={field.id} label={label} error={field.error} className={className}>
      <Form.Control
        as={IMaskInput}
        mask={mask}
        value={bound.value}
        unmask={false}
        onAccept={(next: string) => bound.onChange(next)}
        onBlur={bound.onBlur}
        inputRef={bound.ref}
        name={bound.name}
        placeholder={placeholder}
        autoComplete={autoComplete}
        inputMode={inputMode}
        {...field.control}
        maxLength={field.maxLength}
      />
    </FieldShell>
  );
}
