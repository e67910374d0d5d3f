import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import {
  get,
  useForm,
  useFormState,
  type FieldError,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { ApiError } from '../lib/api-client';
import { fieldRules, hasField } from '../lib/contract-fields';

/** A react-hook-form form validated by a contract schema, which the field components read too. */
export type ContractForm<Input extends FieldValues, Output = Input> = UseFormReturn<
  Input,
  unknown,
  Output
> & {
  schema: z.core.$ZodType<Output, Input>;
  /** Puts the validation codes of an API refusal (the same schema, checked again) under the fields. */
  showApiErrors: (error: unknown) => void;
};

/**
 * The one way a web form validates: with the contract schema the API applies to the same body.
 * Field errors are the contract's validation codes; the field components (`TextField`,
 * `SelectField`, `MaskedField`, `CheckField`) show them in the reader's language, mark the field
 * invalid once the form was submitted, and take `required` and `maxLength` from the schema.
 */
export function useContractForm<Input extends FieldValues, Output>(
  schema: z.core.$ZodType<Output, Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'> = {},
): ContractForm<Input, Output> {
  const form = useForm<Input, unknown, Output>({ ...options, resolver: zodResolver(schema) });
  const showApiErrors = (error: unknown) => {
    if (!(error instanceof ApiError) || !error.fields) return;
    for (const [path, code] of Object.entries(error.fields))
      if (hasField(schema, path)) form.setError(path as Path<Input>, { message: code });
  };
  return { ...form, schema, showApiErrors };
}

/** What the field components need to know about one field of a contract form. */
export function useContractField<Input extends FieldValues>(
  form: ContractForm<Input, unknown>,
  name: Path<Input>,
  { showErrorWhileTyping = false, hasHint = false } = {},
) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { errors, isSubmitted, dirtyFields } = useFormState({ control: form.control, name });
  const rules = useMemo(() => fieldRules(form.schema, name), [form.schema, name]);

  // Errors show once a submit was tried (Bootstrap's validated style), or while typing where asked.
  const code = (get(errors, name) as FieldError | undefined)?.message;
  const shown =
    code !== undefined && (isSubmitted || (showErrorWhileTyping && Boolean(get(dirtyFields, name))));
  // A code this build has no text for (a newer server) still reads as a sentence.
  const key = i18n.exists(`validation.${code}`) ? `validation.${code}` : 'validation.invalid';
  const error = shown ? t(key) : undefined;
  const describedBy = [error ? `${id}-error` : null, hasHint ? `${id}-hint` : null].filter(Boolean).join(' ');

  return {
    id,
    error,
    maxLength: rules.maxLength,
    /** Props of the control itself (react-bootstrap's `isInvalid` / `isValid`). */
    control: {
      required: rules.required,
      isInvalid: Boolean(error),
      isValid: isSubmitted && code === undefined,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
    },
  };
}
