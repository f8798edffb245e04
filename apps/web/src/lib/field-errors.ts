import { zodResolver } from '@hookform/resolvers/zod';
import { fieldErrorKey, type FieldError, type FieldIssue } from '@lavoura/domain';
import type { FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import { ApiError } from '../api/http';

/** Error keys (namespace errors) by form field name: `{ email: 'field.email' }`. */
export type FieldErrors = Partial<Record<string, string>>;

function isFieldError(value: unknown): value is FieldError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as FieldError).field === 'string' &&
    typeof (value as FieldError).key === 'string'
  );
}

/**
 * The failing fields of an API refusal. The API names them by where they were read
 * (`body.email`, `query.season_crop_id`); forms name them by the payload's field.
 */
export function apiFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const info = error.body.context.additionalInfo;
  if (!Array.isArray(info)) return {};
  const errors: FieldErrors = {};
  for (const item of info) {
    if (!isFieldError(item)) continue;
    const field = item.field.replace(/^(body|query|params)\./, '');
    errors[field] ??= item.key;
  }
  return errors;
}

/**
 * Puts the failing fields of an API refusal under the form's fields; `keyFields` places refusals
 * about one field (a taken e-mail) under it. False when none did: the form's alert tells then.
 */
export function setApiFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  keyFields: Readonly<Partial<Record<string, Path<T>>>> = {},
): boolean {
  const fields = apiFieldErrors(error);
  const keyField = error instanceof ApiError ? keyFields[error.key] : undefined;
  if (keyField && error instanceof ApiError) fields[keyField] = error.key;
  for (const [field, key] of Object.entries(fields)) {
    // The API names the payload's fields, and the forms' fields are the payload's.
    if (key) setError(field as Path<T>, { type: 'server', message: key });
  }
  return Object.keys(fields).length > 0;
}

const isEmpty = (value: unknown) => value === undefined || value === '' || value === 0;

/**
 * zodResolver for a contract's schema from @lavoura/domain, with its issues as keys of the errors
 * namespace through the domain's one error map (`fieldErrorKey`, which the API answers with too):
 * the same rule gives the same message in the browser and from the API. An empty field (a select
 * left at its placeholder included) is "required" whatever rule it broke.
 */
export function fieldKeyResolver<Input extends FieldValues, Output>(
  schema: $ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  const resolve = zodResolver(schema, { error: (issue) => fieldErrorKey(issue as FieldIssue) });
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    for (const [field, error] of Object.entries(result.errors)) {
      if (error && isEmpty(values[field])) error.message = 'field.required';
    }
    return result;
  };
}
