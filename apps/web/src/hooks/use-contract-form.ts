import { useId, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { safeParse, type $ZodType } from 'zod/v4/core';
import { ApiError } from '../lib/api-client';
import { fieldRules, hasField } from '../lib/contract-fields';
import { knownKey } from '../lib/i18n';

/*
 * Our own form state (decision 032): react-hook-form and its zod resolver cost ~11 KB gzip on the
 * sign-in and registration pages, for the small part of them these forms use. Typed against
 * `zod/v4/core`, so that a contract schema works here whether it is built with zod or zod/mini.
 */

export type FieldValues = Record<string, unknown>;

type Leaf = string | number | boolean | bigint | symbol | null | undefined | Date | Blob | readonly unknown[];
/** The dotted path of every field of a form's values ('name', 'user', 'user.email'). */
export type Path<T> = {
  [K in keyof T & string]: NonNullable<T[K]> extends Leaf
    ? K
    : NonNullable<T[K]> extends object
      ? K | `${K}.${Path<NonNullable<T[K]>>}`
      : K;
}[keyof T & string];
/** The value at a dotted path. */
type PathValue<T, P extends string> = P extends `${infer K}.${infer Rest}`
  ? K extends keyof T
    ? PathValue<NonNullable<T[K]>, Rest>
    : never
  : P extends keyof T
    ? T[P]
    : never;

/** Validation codes by dotted path ('user.email'); the first issue of each field wins. */
type FieldErrors = Partial<Record<string, string>>;
type FormState = {
  /** A submit handler is running. */
  isSubmitting: boolean;
  /** A submit was tried since the form began or was reset: errors show, fields revalidate on change. */
  isSubmitted: boolean;
  errors: FieldErrors;
};

type NativeControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** What a native input, select or textarea spreads to be bound to a field (uncontrolled). */
type RegisteredInput = {
  name: string;
  ref: (element: NativeControl | null) => void;
  onChange: (event: { target: unknown }) => void;
};

/** A form validated by a contract schema, which the field components read too. */
export interface ContractForm<Input extends FieldValues, Output = Input> {
  schema: $ZodType<Output, Input>;
  /** Read while rendering the component that called `useContractForm`, which follows its changes. */
  readonly formState: FormState;
  /**
   * Binds a native control; `deps` are fields to validate again when this one changes; `valueAs`
   * turns the control's text into the field's value (a number, null when empty...).
   */
  register(
    name: Path<Input>,
    options?: { deps?: Path<Input>[]; valueAs?: (text: string) => unknown },
  ): RegisteredInput;
  /** Validates the whole value with the schema; calls `onValid` with the parsed value, or shows errors. */
  handleSubmit(
    onValid: (values: Output) => unknown,
  ): (event?: { preventDefault: () => void }) => Promise<void>;
  /** Back to the default values (or to new ones, which become the defaults), not submitted, no errors. */
  reset(values?: Input): void;
  setError(name: Path<Input>, error: { message: string }): void;
  /** Puts the validation codes of an API refusal (the same schema, checked again) under the fields. */
  showApiErrors(error: unknown): void;
  /** The store the hooks below read; not for forms themselves. */
  store: FormStore;
}

type Bound = { element: HTMLElement; controlled: boolean };

const isCheckbox = (element: HTMLElement): element is HTMLInputElement =>
  element instanceof HTMLInputElement && element.type === 'checkbox';

function readValue(element: NativeControl): string | boolean {
  return isCheckbox(element) ? element.checked : element.value;
}

/** Whether the control holds something other than what its markup said: someone typed or ticked. */
function typed(element: NativeControl): boolean {
  if (isCheckbox(element)) return element.checked !== element.defaultChecked;
  if (element instanceof HTMLSelectElement) return false;
  return element.value !== element.defaultValue;
}

/** The state of one form outside React; components subscribe to the parts they show. */
class FormStore {
  state: FormState = { isSubmitting: false, isSubmitted: false, errors: {} };
  private values: FieldValues;
  private readonly listeners = new Set<() => void>();
  private readonly bound = new Map<string, Bound>();
  private readonly deps = new Map<string, string[]>();
  private readonly inputs = new Map<string, RegisteredInput>();

  constructor(
    readonly schema: $ZodType,
    private defaults: FieldValues,
    private readonly validateBeforeSubmit: boolean,
  ) {
    this.values = defaults;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  getState = () => this.state;

  private setState(next: Partial<FormState>) {
    this.state = { ...this.state, ...next };
    this.notify();
  }
  private notify() {
    for (const listener of this.listeners) listener();
  }

  value(name: string): unknown {
    return getPath(this.values, name);
  }
  isDirty(name: string): boolean {
    return !Object.is(getPath(this.values, name), getPath(this.defaults, name));
  }

  /** Every issue of the whole value, by field: refinements across fields see all of them. */
  validate() {
    const result = safeParse(this.schema, this.values);
    const errors: FieldErrors = {};
    if (!result.success)
      for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
    return { result, errors };
  }

  setValue(name: string, value: unknown) {
    this.values = setPath(this.values, name, value);
    // Before a submit only forms that ask for it validate while typing; afterwards all do.
    if (!this.validateBeforeSubmit && !this.state.isSubmitted) return this.notify();
    this.revalidate([name, ...(this.deps.get(name) ?? [])]);
  }

  /** Updates these fields' errors only, so an API error under another field stays until it changes. */
  private revalidate(names: string[]) {
    const { errors: found } = this.validate();
    const errors = { ...this.state.errors };
    for (const name of names) {
      if (found[name] === undefined) delete errors[name];
      else errors[name] = found[name];
    }
    if (names.every((name) => errors[name] === this.state.errors[name])) return this.notify();
    this.setState({ errors });
  }

  setErrors(errors: FieldErrors) {
    this.setState({ errors: { ...this.state.errors, ...errors } });
  }

  register(
    name: string,
    deps: string[] | undefined,
    valueAs: (text: string) => unknown = (text) => text,
  ): RegisteredInput {
    if (deps) this.deps.set(name, deps);
    const read = (element: NativeControl) => {
      const value = readValue(element);
      return typeof value === 'string' ? valueAs(value) : value;
    };
    // One object per field, so its ref callback is not detached and attached on every render.
    let input = this.inputs.get(name);
    if (!input) {
      input = {
        name,
        ref: (element) => {
          this.bind(name, element, false);
          if (!element) return;
          // What someone typed into a prerendered field before the app took over (decision 030)
          // is kept: the field takes it, instead of the form writing its default over it.
          if (typed(element)) this.setValue(name, read(element));
          else this.write(element, this.value(name));
        },
        onChange: ({ target }) => this.setValue(name, read(target as HTMLInputElement)),
      };
      this.inputs.set(name, input);
    }
    return input;
  }

  /** Known elements receive the focus on an invalid submit; uncontrolled ones also get reset values. */
  bind(name: string, element: HTMLElement | null, controlled: boolean) {
    if (element) this.bound.set(name, { element, controlled });
    else this.bound.delete(name);
  }

  private write(element: HTMLElement, value: unknown) {
    if (isCheckbox(element)) element.checked = Boolean(value);
    else (element as HTMLInputElement).value = value == null ? '' : String(value);
  }

  reset(values: FieldValues | undefined) {
    if (values) this.defaults = values;
    this.values = this.defaults;
    for (const [name, { element, controlled }] of this.bound)
      if (!controlled) this.write(element, this.value(name));
    this.setState({ isSubmitting: false, isSubmitted: false, errors: {} });
  }

  async submit(onValid: (values: unknown) => unknown) {
    this.setState({ isSubmitting: true });
    const { result, errors } = this.validate();
    let failure: { error: unknown } | undefined;
    if (result.success) {
      // The handler may put API errors under fields (setError); those are the ones that stay.
      this.setState({ errors: {} });
      try {
        await onValid(result.data);
      } catch (error) {
        failure = { error };
      }
    } else {
      this.state = { ...this.state, errors };
      this.focusFirstInvalid();
    }
    this.setState({ isSubmitting: false, isSubmitted: true });
    if (failure) throw failure.error;
  }

  private focusFirstInvalid() {
    const invalid = [...this.bound]
      .filter(([name]) => this.state.errors[name] !== undefined)
      .map(([, { element }]) => element)
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    invalid[0]?.focus();
  }
}

function getPath(values: unknown, path: string): unknown {
  let current = values;
  for (const key of path.split('.')) current = (current as Record<string, unknown> | null | undefined)?.[key];
  return current;
}

/** A copy of `values` with `value` at `path` (the objects along the path are copied too). */
function setPath(values: FieldValues, path: string, value: unknown): FieldValues {
  const [key, ...rest] = path.split('.') as [string, ...string[]];
  if (rest.length === 0) return { ...values, [key]: value };
  return { ...values, [key]: setPath((values[key] ?? {}) as FieldValues, rest.join('.'), value) };
}

function createContractForm<Input extends FieldValues, Output>(
  schema: $ZodType<Output, Input>,
  defaultValues: Input,
  validateBeforeSubmit: boolean,
): ContractForm<Input, Output> {
  const store = new FormStore(schema, defaultValues, validateBeforeSubmit);
  return {
    schema,
    store,
    get formState() {
      return store.state;
    },
    register: (name, options) => store.register(name, options?.deps, options?.valueAs),
    handleSubmit: (onValid) => async (event) => {
      event?.preventDefault();
      await store.submit(onValid as (values: unknown) => unknown);
    },
    reset: (values) => store.reset(values),
    setError: (name, { message }) => store.setErrors({ [name]: message }),
    showApiErrors: (error) => {
      if (!(error instanceof ApiError) || !error.fields) return;
      const errors: FieldErrors = {};
      for (const [path, code] of Object.entries(error.fields))
        if (hasField(schema, path)) errors[path] = code;
      store.setErrors(errors);
    },
  };
}

/** A part of a form's state, the same when rendered on a server (a prerendered page, decision 030). */
function useStorePart<T>(store: FormStore, read: () => T): T {
  return useSyncExternalStore(store.subscribe, read, read);
}

/**
 * The one way a web form validates: with the contract schema the API applies to the same body.
 * Field errors are the contract's validation codes; the field components (`TextField`,
 * `SelectField`, `MaskedField`, `CheckField`) show them in the reader's language, mark the field
 * invalid once the form was submitted, and take `required` and `maxLength` from the schema. The
 * calling component re-renders when `formState` changes, not on each keystroke.
 */
export function useContractForm<Input extends FieldValues, Output>(
  schema: $ZodType<Output, Input>,
  options: {
    defaultValues: Input;
    /** 'onChange': validate while typing from the start, not only once a submit was tried. */
    mode?: 'onSubmit' | 'onChange';
  },
): ContractForm<Input, Output> {
  const [form] = useState(() =>
    createContractForm(schema, options.defaultValues, options.mode === 'onChange'),
  );
  useStorePart(form.store, form.store.getState);
  return form;
}

/** The current value of one field; the caller re-renders when it changes. */
export function useWatch<Input extends FieldValues, P extends Path<Input>>(
  form: ContractForm<Input, unknown>,
  name: P,
): PathValue<Input, P> {
  const { store } = form;
  return useStorePart(store, () => store.value(name)) as PathValue<Input, P>;
}

/** A field whose component holds the value itself (a mask, a star rating) instead of a native input. */
export function useController<Input extends FieldValues, P extends Path<Input>>(
  form: ContractForm<Input, unknown>,
  name: P,
) {
  const { store } = form;
  return {
    name,
    value: useWatch(form, name),
    onChange: (value: PathValue<Input, P>) => store.setValue(name, value),
    /** Where the focus goes when this field is the first invalid one on submit. */
    ref: (element: HTMLElement | null) => store.bind(name, element, true),
  };
}

/** What the field components need to know about one field of a contract form. */
export function useContractField<Input extends FieldValues>(
  form: ContractForm<Input, unknown>,
  name: Path<Input>,
  { showErrorWhileTyping = false, hasHint = false } = {},
) {
  const { t } = useTranslation();
  const id = useId();
  const { store } = form;
  const code = useStorePart(store, () => store.state.errors[name]);
  const isSubmitted = useStorePart(store, () => store.state.isSubmitted);
  const dirty = useStorePart(store, () => store.isDirty(name));
  const rules = useMemo(() => fieldRules(form.schema, name), [form.schema, name]);

  // Errors show once a submit was tried (Bootstrap's validated style), or while typing where asked.
  const shown = code !== undefined && (isSubmitted || (showErrorWhileTyping && dirty));
  // A code this build has no text for (a newer server) still reads as a sentence.
  const key = knownKey(`validation.${code}`, 'validation.invalid');
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
