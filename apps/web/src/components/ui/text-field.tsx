import type { ReactNode } from 'react';
import FormControl, { type FormControlProps } from 'react-bootstrap/FormControl';
import {
  useContractField,
  type ContractForm,
  type FieldValues,
  type Path,
} from '../../hooks/use-contract-form';
import { FieldShell } from './field-shell';

type InputProps = Omit<
  FormControlProps,
  | 'form'
  | 'name'
  | 'id'
  | 'required'
  | 'maxLength'
  | 'value'
  | 'defaultValue'
  | 'onChange'
  | 'onBlur'
  | 'isValid'
  | 'isInvalid'
>;

/** A text input (or `multiline` textarea) bound to a field of a contract form. */
export function TextField<Input extends FieldValues>({
  form,
  name,
  label,
  hint,
  multiline,
  rows,
  deps,
  showErrorWhileTyping,
  className,
  valueAs,
  ...input
}: InputProps & {
  form: ContractForm<Input, unknown>;
  name: Path<Input>;
  label: ReactNode;
  /** Shown under the field, after any error. */
  hint?: ReactNode;
  multiline?: boolean;
  rows?: number;
  /** Fields to validate again when this one changes (e.g. a confirmation). */
  deps?: Path<Input>[];
  /** Show the error as soon as the field changes, not only after a submit. */
  showErrorWhileTyping?: boolean;
  /** What the form keeps of the text typed (e.g. a number, or null when empty). */
  valueAs?: (text: string) => unknown;
}) {
  const field = useContractField(form, name, { showErrorWhileTyping, hasHint: Boolean(hint) });
  return (
    <FieldShell id={field.id} label={label} error={field.error} hint={hint} className={className}>
      <FormControl
        {...input}
        {...(multiline ? { as: 'textarea', rows: rows ?? 5 } : {})}
        {...field.control}
        maxLength={field.maxLength}
        {...form.register(name, { deps, valueAs })}
      />
    </FieldShell>
  );
}
