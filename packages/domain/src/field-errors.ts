import { z } from 'zod/mini';

/**
 * The keys (namespace errors, `field.*`) a failing field is told with. A contract may name its own
 * key as the issue message (`{ message: FIELD_KEYS.email }`); otherwise the one error map below
 * derives it from the rule, so a rule broken in a web form and the same rule broken on the server
 * read the same words.
 */
export const FIELD_KEYS = {
  required: 'field.required',
  invalid: 'field.invalid',
  notANumber: 'field.not_a_number',
  tooSmall: 'field.too_small',
  tooBig: 'field.too_big',
  tooShort: 'field.too_short',
  tooLong: 'field.too_long',
  tooFew: 'field.too_few',
  tooMany: 'field.too_many',
  email: 'field.email',
  date: 'field.date',
  passwordRule: 'field.password_rule',
  passwordsDoNotMatch: 'field.passwords_do_not_match',
  phone: 'field.phone',
  activationCode: 'field.activation_code',
  tooDeep: 'field.too_deep',
  nulCharacter: 'field.nul_character',
} as const;
export type FieldKey = (typeof FIELD_KEYS)[keyof typeof FIELD_KEYS];

/** The parts of a zod issue its key depends on. */
export interface FieldIssue {
  code: string;
  input?: unknown;
  origin?: string;
  expected?: string;
  format?: string;
  message?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
}

const isFieldKey = (message: string | undefined): message is FieldKey =>
  message !== undefined && message.startsWith('field.');

/** The key of one failing rule. Nothing typed (absent, null, blank) is "required", whatever the rule. */
export function fieldErrorKey(issue: FieldIssue): FieldKey {
  if (isFieldKey(issue.message)) return issue.message;
  const input = issue.input;
  if (input === undefined || input === null || (typeof input === 'string' && input.trim() === ''))
    return FIELD_KEYS.required;
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return FIELD_KEYS.tooShort;
      if (issue.origin === 'array' || issue.origin === 'set') return FIELD_KEYS.tooFew;
      return FIELD_KEYS.tooSmall;
    case 'too_big':
      if (issue.origin === 'string') return FIELD_KEYS.tooLong;
      if (issue.origin === 'array' || issue.origin === 'set') return FIELD_KEYS.tooMany;
      return FIELD_KEYS.tooBig;
    case 'invalid_type':
      return issue.expected === 'number' || issue.expected === 'int'
        ? FIELD_KEYS.notANumber
        : FIELD_KEYS.invalid;
    case 'invalid_format':
      if (issue.format === 'email') return FIELD_KEYS.email;
      if (issue.format === 'date') return FIELD_KEYS.date;
      return FIELD_KEYS.invalid;
    default:
      return FIELD_KEYS.invalid;
  }
}

const SIZE_KEYS: ReadonlySet<FieldKey> = new Set([
  FIELD_KEYS.tooSmall,
  FIELD_KEYS.tooBig,
  FIELD_KEYS.tooShort,
  FIELD_KEYS.tooLong,
  FIELD_KEYS.tooFew,
  FIELD_KEYS.tooMany,
]);

/**
 * The limit a broken size rule names (100 for a percentage above 100, 120 for a name of 121
 * characters), so its text can state it; undefined for any other rule.
 */
export function fieldErrorLimit(issue: FieldIssue): number | undefined {
  if (!SIZE_KEYS.has(fieldErrorKey(issue))) return undefined;
  const limit = issue.code === 'too_small' ? issue.minimum : issue.maximum;
  return limit === undefined ? undefined : Number(limit);
}

/**
 * Installs the one error map: every zod issue without a message of its own gets its `field.*` key
 * as message. The API and the web app both import @lavoura/domain, so both parse with it.
 */
export function installFieldErrorMap(): void {
  z.config({ customError: (issue) => fieldErrorKey(issue as FieldIssue) });
}
