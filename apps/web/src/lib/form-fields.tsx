import { useEffect, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldIssue } from '@lavoura/domain';
import {
  useController,
  useForm,
  type Control,
  type DefaultValues,
  type FieldPathByValue,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { $ZodType } from 'zod/v4/core';
import { PasswordField } from './password-field';
import { TextInput, type TextInputProps } from './text-input';
import { useLanguage } from './i18n';
import { fieldErrorText, issueMessage, requiredWhenEmpty } from './field-errors';

/**
 * zodResolver for a contract's schema from @lavoura/domain, with its issues as keys of the errors
 * namespace through the domain's one error map (`fieldErrorKey`, which the API answers with too):
 * the same rule gives the same message in the browser and from the API. An empty field (a select
 * left at its placeholder included) is "required" whatever rule it broke.
 */
export function fieldKeyResolver<Input extends FieldValues, Output>(
  schema: $ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  const resolve = zodResolver(schema, { error: (issue) => issueMessage(issue as FieldIssue) });
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    for (const [field, error] of Object.entries(result.errors)) {
      if (error) error.message = requiredWhenEmpty(error.message, values[field]);
    }
    return result;
  };
}

/**
 * useForm checked on submit by a contract's schema, its messages keys of the errors namespace.
 * As the forms always did: editing a field drops its message (a server one too) until the next
 * submit, and a failed submit leaves the focus where it is.
 */
export function useSchemaForm<Input extends FieldValues, Output>(
  schema: $ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
): UseFormReturn<Input, unknown, Output> {
  const form = useForm<Input, unknown, Output>({
    resolver: fieldKeyResolver(schema),
    defaultValues,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { subscribe, getFieldState, clearErrors } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          // Edits name their field (one of the form's paths); other updates name none.
          const field = name as Path<Input> | undefined;
          if (field && getFieldState(field).error) clearErrors(field);
        },
      }),
    [subscribe, getFieldState, clearErrors],
  );
  return form;
}

export interface Bound<T extends FieldValues, O, V> {
  control: Control<T, unknown, O>;
  name: FieldPathByValue<T, V>;
}

/** The field's binding and its error, if any, in the user's words. */
export function useBoundField<T extends FieldValues, O, V>({ control, name }: Bound<T, O, V>) {
  const { t } = useTranslation('errors');
  const language = useLanguage();
  const { field, fieldState } = useController({ control, name });
  const key = fieldState.error?.message;
  return { field, message: key ? fieldErrorText(t, key, language) : undefined };
}

type TextProps = Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'onBlur'> & {
  /** What a typed value becomes (digits only, say). */
  normalize?: (value: string) => string;
  /** Shown after the error message: what the user can do about it. */
  errorAction?: ReactNode;
};

type FormTextFieldProps<T extends FieldValues, O> = Bound<T, O, string> & TextProps;

/** The props a text input takes from its field; `helperText` shows while it has no error. */
function useTextBinding<T extends FieldValues, O>({
  control,
  name,
  normalize,
  errorAction,
  error,
  helperText,
  ...props
}: FormTextFieldProps<T, O>): TextInputProps {
  const { field, message } = useBoundField({ control, name });
  const shown =
    message && errorAction ? (
      <>
        {message} {errorAction}
      </>
    ) : (
      message
    );
  return {
    ...props,
    name: field.name,
    value: field.value,
    onChange: (event) =>
      field.onChange(normalize ? normalize(event.target.value) : event.target.value),
    onBlur: field.onBlur,
    inputRef: field.ref,
    error: !!message || error,
    helperText: shown ?? helperText,
  };
}

export function FormTextField<T extends FieldValues, O>(props: FormTextFieldProps<T, O>) {
  return <TextInput {...useTextBinding(props)} />;
}

export function FormPasswordField<T extends FieldValues, O>(
  props: Omit<FormTextFieldProps<T, O>, 'type'>,
) {
  return <PasswordField {...useTextBinding(props)} />;
}
