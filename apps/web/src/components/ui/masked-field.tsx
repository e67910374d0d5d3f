import type { ReactNode } from 'react';
import FormControl from 'react-bootstrap/FormControl';
import { IMaskInput } from 'react-imask';
import {
  useContractField,
  useController,
  type ContractForm,
  type FieldValues,
  type Path,
} from '../../hooks/use-contract-form';
import { FieldShell } from './field-shell';

/**
 * A text field with an input mask (phone, birthday, CEP) bound to a field of a contract form. The
 * mask is part of the page's code, not fetched after it shows: an input that is swapped for the
 * masked one while someone selects or types in it loses what they did (decision 074).
 */
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
  const bound = useController(form, name);
  return (
    <FieldShell id={field.id} label={label} error={field.error} className={className}>
      <FormControl
        as={IMaskInput}
        mask={mask}
        value={(bound.value as string | undefined) ?? ''}
        unmask={false}
        onAccept={(next: string) => bound.onChange(next as typeof bound.value)}
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
