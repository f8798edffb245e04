import type { FieldError } from '@lavoura/domain';
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

/** The parts of a zod issue a form needs (the web app does not depend on zod itself). */
interface Issue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  minimum?: number | bigint;
}

function issueKey(issue: Issue): string {
  if (issue.message.startsWith('field.')) return issue.message;
  switch (issue.code) {
    case 'too_small':
      return Number(issue.minimum) <= 1 ? 'field.required' : 'field.too_short';
    case 'too_big':
      return 'field.too_big';
    case 'invalid_type':
    case 'invalid_value':
    case 'invalid_union':
      return 'field.required';
    case 'invalid_format':
      return 'field.invalid';
    default:
      return 'field.invalid';
  }
}

/**
 * The failing fields of a payload checked in the browser with the contract's schema from
 * @lavoura/domain, keyed like the API's: the same rule gives the same message on both sides.
 */
export function schemaFieldErrors(
  result: { success: true } | { success: false; error: { issues: readonly Issue[] } },
  /** The values checked: an empty field is "required" whatever rule it broke. */
  input?: Readonly<Record<string, unknown>>,
): FieldErrors {
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    const value = input?.[field];
    const empty = input !== undefined && (value === undefined || value === '' || value === 0);
    errors[field] ??= empty ? 'field.required' : issueKey(issue);
  }
  return errors;
}
