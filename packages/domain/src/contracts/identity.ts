import { z } from 'zod/mini';
import { FIELD_KEYS } from '../field-errors.ts';
import { LANGUAGES } from '../locale.ts';
import { isStrongPassword } from '../password.ts';
import { countryIdSchema, recordIdSchema } from './common.ts';
import { isValidPhone } from '../phone.ts';

/**
 * Payloads and answers of accounts, sign-in, sessions and users: the contract the API validates
 * and serialises with and the web app's forms and hooks use. Error keys of failing fields are
 * `field.*` keys of the errors namespace.
 */
const email = z
  .string()
  .check(z.trim(), z.toLowerCase(), z.maxLength(254), z.email({ message: FIELD_KEYS.email }));
const strongPassword = z
  .string()
  .check(z.maxLength(128), z.refine(isStrongPassword, { message: FIELD_KEYS.passwordRule }));
const name = z.string().check(z.trim(), z.minLength(2), z.maxLength(120));
const language = z.enum(LANGUAGES);
const phone = z.string().check(z.trim(), z.refine(isValidPhone, { message: FIELD_KEYS.phone }));
const id = recordIdSchema;

export const registerBodySchema = z.object({
  name,
  email,
  password: strongPassword,
  account_name: name,
  country_id: countryIdSchema,
  language,
});

export const loginBodySchema = z.object({
  email,
  password: z.string().check(z.minLength(1), z.maxLength(128)),
});
export const activationBodySchema = z.object({
  email,
  code: z.string().check(z.regex(/^\d{6}$/, { message: FIELD_KEYS.activationCode })),
});
export const emailBodySchema = z.object({ email });
export const selectAccountBodySchema = z.object({ account_id: id });
export const switchAccountBodySchema = z.object({ id });

export const changePasswordBodySchema = z
  .object({
    old_password: z.string().check(z.minLength(1), z.maxLength(128)),
    new_password: strongPassword,
    password_confirmation: z.string().check(z.maxLength(128)),
    email: z.optional(email),
  })
  .check(
    z.refine((body) => body.new_password === body.password_confirmation, {
      path: ['password_confirmation'],
      message: FIELD_KEYS.passwordsDoNotMatch,
    }),
  );

export const userCreateBodySchema = z.object({
  name,
  email,
  profile_id: id,
  language,
  phone: z.optional(phone),
  farm_ids: z._default(z.array(id).check(z.maxLength(500)), []),
});
/**
 * An administrator changes a membership only (profile, farms, job title): a person's name, phones
 * and language are theirs (PUT /api/profile). Fields of the person sent here are ignored.
 */
export const userUpdateBodySchema = z.object({
  profile_id: id,
  farm_ids: z._default(z.array(id).check(z.maxLength(500)), []),
  job_title_id: z.optional(z.nullable(id)),
});
/** The signed-in person edits their own name, language and phone. */
export const profileUpdateBodySchema = z.object({ name, language, phone: z.optional(phone) });
export const userActiveBodySchema = z.object({ active: z.boolean() });
export const phoneBodySchema = z.object({ phone });
export const jobTitleBodySchema = z.object({ user_id: id, job_title_id: id });

// ---- answers ---------------------------------------------------------------------------------

export const accountEntrySchema = z.object({
  id: z.int(),
  name: z.string(),
  current: z.boolean(),
});
z.globalRegistry.add(accountEntrySchema, { id: 'AccountEntry' });

export const sessionUserSchema = z.object({
  id: z.int(),
  email: z.string(),
  name: z.string(),
  language,
  active: z.boolean(),
  first_login: z.enum(['Y', 'N']),
  password_type: z.enum(['regular', 'temporary', 'recovery_temp_password']),
  is_admin: z.boolean(),
  total_users: z.int(),
  account: z.object({
    id: z.int(),
    name: z.string(),
    country_id: z.int(),
    state_id: z.nullable(z.int()),
    city_id: z.nullable(z.int()),
    max_users: z.int(),
    contract_start: z.nullable(z.string()),
    contracted_area: z.nullable(z.number()),
  }),
  user_profile: z.object({ id: z.int(), uid: z.string(), message_key: z.string() }),
  job_title: z.nullable(z.object({ id: z.int(), code: z.string(), message_key: z.string() })),
  plan: z.object({
    id: z.int(),
    name: z.string(),
    priority_level: z.int(),
    message_key: z.string(),
  }),
  phones: z.array(z.string()),
});
z.globalRegistry.add(sessionUserSchema, { id: 'SessionUser' });

export const sessionAnswerSchema = z.object({
  accounts: z.array(accountEntrySchema),
  is_first_login: z.boolean(),
  is_first_login_full_plan: z.boolean(),
  recovery_password: z.boolean(),
  token: z.string(),
  user: sessionUserSchema,
});
z.globalRegistry.add(sessionAnswerSchema, { id: 'Session' });

export const memberSchema = z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
  language,
  active: z.boolean(),
  activated: z.boolean(),
  profile: z.object({ id: z.int(), uid: z.string(), message_key: z.string() }),
  job_title_id: z.nullable(z.int()),
  phones: z.array(z.string()),
  farm_ids: z.array(z.int()),
  /** A person who already used Lavoura was invited and has not accepted yet. */
  invited: z.boolean(),
  created_at: z.string(),
});
z.globalRegistry.add(memberSchema, { id: 'Member' });

/** An invitation waiting for the signed-in person's answer. */
export const invitationSchema = z.object({
  account: z.object({ id: z.int(), name: z.string() }),
  profile: z.object({ id: z.int(), uid: z.string(), message_key: z.string() }),
  invited_at: z.string(),
});
export const invitationAnswerBodySchema = z.object({ accept: z.boolean() });

export const activationAnswerSchema = z.object({ status: z.enum(['activated', 'already_active']) });
/** The same answer whether or not the address already had an account. */
export const registerAnswerSchema = z.object({ email: z.string() });

export type RegisterBody = z.input<typeof registerBodySchema>;
export type LoginBody = z.input<typeof loginBodySchema>;
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;
export type UserCreateBody = z.input<typeof userCreateBodySchema>;
export type UserUpdateBody = z.input<typeof userUpdateBodySchema>;
export type AccountEntry = z.infer<typeof accountEntrySchema>;
export type SessionUser = z.infer<typeof sessionUserSchema>;
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;
export type Member = z.infer<typeof memberSchema>;
export type Invitation = z.infer<typeof invitationSchema>;
