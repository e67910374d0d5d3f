import type { ReactNode } from 'react';
import FormSelect, { type FormSelectProps } from 'react-bootstrap/FormSelect';
import {
  useContractField,
  type ContractForm,
  type FieldValues,
  type Path,
} from '../../hooks/use-contract-form';
import { FieldShell } from './field-shell';

/** A <select> bound to a field of a contract form. */
export function SelectField<Input extends FieldValues>({
  form,
  name,
  label,
  placeholder,
  options,
  className,
  ...select
}: Omit<
  FormSelectProps,
  'form' | 'name' | 'id' | 'required' | 'onChange' | 'onBlur' | 'isValid' | 'isInvalid'
> & {
  form: ContractForm<Input, unknown>;
  name: Path<Input>;
  label: ReactNode;
  /** The disabled blank first option ('Selecione'). */
  placeholder?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  const field = useContractField(form, name);
  return (
    <FieldShell id={field.id} label={label} error={field.error} className={className}>
      <FormSelect {...select} {...field.control} {...form.register(name)}>
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
      </FormSelect>
    </FieldShell>
  );
}
