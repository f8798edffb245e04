import {
  fieldErrorKey,
  fieldErrorLimit,
  formatNumber,
  type FieldError,
  type FieldIssue,
  type Language,
} from '@lavoura/domain';
import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { z } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { ApiError } from '../api/http';

/**
 * Error messages (keys of namespace errors) by form field name: `{ email: 'field.email' }`. A size
 * rule's message carries its limit after a bar (`field.too_long|120`), for `fieldErrorText`.
 */
export type FieldErrors = Partial<Record<string, string>>;

/** A field's message: its key, with the limit a size rule names. */
const fieldMessage = (key: string, limit?: number): string =>
  limit === undefined ? key : `${key}|${limit}`;

/** The key of a field's message, without its limit. */
export const fieldMessageKey = (message: string): string => message.split('|')[0] ?? message;

/**
 * A field's message in the user's words: a size rule states its limit ("At most 120
 * characters."); `withLimit` false for a field shown in other units than the rule's.
 */
export function fieldErrorText(
  t: TFunction,
  message: string,
  language: Language,
  withLimit = true,
): string {
  const [key = message, limit] = message.split('|');
  if (limit === undefined || !withLimit) return t(key, { ns: 'errors' });
  return t(`${key}_limit`, { ns: 'errors', limit: formatNumber(Number(limit), language) });
}

/** The message of one zod issue, with the limit of a size rule. */
export const issueMessage = (issue: FieldIssue): string =>
  fieldMessage(fieldErrorKey(issue), fieldErrorLimit(issue));

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
    errors[field] ??= fieldMessage(item.key, item.limit);
  }
  return errors;
}

/**
 * The failing fields of a form's payload by the contract's schema the API parses it with, named
 * as `apiFieldErrors` names a refusal's (`{ germinative_power: 'field.too_big' }`): a form that is
 * not a react-hook-form one checks with this before sending, and shows both the same way.
 */
export function schemaFieldErrors(schema: $ZodType, value: unknown): FieldErrors {
  const parsed = z.safeParse(schema, value);
  const errors: FieldErrors = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.');
    errors[field] ??= issueMessage(issue as FieldIssue);
  }
  return errors;
}

/**
 * The failing fields of an API refusal, `keyFields` placing a refusal about one field (a plot's
 * remaining area) under it; empty when the refusal names none (the form's alert tells then).
 */
export function refusalFieldErrors(
  error: unknown,
  keyFields: Readonly<Partial<Record<string, string>>> = {},
): FieldErrors {
  const fields = apiFieldErrors(error);
  const keyField = error instanceof ApiError ? keyFields[error.key] : undefined;
  if (keyField && error instanceof ApiError) fields[keyField] = error.key;
  return fields;
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
  const fields = refusalFieldErrors(error, keyFields);
  for (const [field, key] of Object.entries(fields)) {
    // The API names the payload's fields, and the forms' fields are the payload's.
    if (key) setError(field as Path<T>, { type: 'server', message: key });
  }
  return Object.keys(fields).length > 0;
}

const isEmpty = (value: unknown) => value === undefined || value === '' || value === 0;

/**
 * An empty field (a select left at its placeholder included) is "required" whatever rule of the
 * contract it broke: the message of a failing field left empty.
 */
export function requiredWhenEmpty<Message>(message: Message, value: unknown): Message | string {
  return isEmpty(value) ? 'field.required' : message;
}
