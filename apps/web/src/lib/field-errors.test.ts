import { registerBodySchema, userCreateBodySchema } from '@lavoura/domain';
import { describe, expect, it } from 'vitest';
import { fieldKeyResolver } from './field-errors';

/** What the form shows for a field, and what the API answers for the same body (its zod parse). */
async function formAndApiKeys(schema: typeof registerBodySchema, values: Record<string, unknown>) {
  const resolve = fieldKeyResolver(schema);
  const result = await resolve(values as never, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  const form = Object.fromEntries(
    Object.entries(result.errors).map(([field, error]) => [field, error?.message]),
  );
  const parsed = schema.safeParse(values);
  const api = Object.fromEntries(
    (parsed.success ? [] : parsed.error.issues).map((issue) => [
      issue.path.join('.'),
      issue.message,
    ]),
  );
  return { form, api };
}

const valid = {
  name: 'Maria Produtora',
  email: 'maria@example.com',
  password: 'Lavoura2026',
  account_name: 'Sítio Boa Vista',
  country_id: 1,
  language: 'pt',
};

describe('one error map for the forms and the API', () => {
  it.each([
    ['a one-letter name', { name: 'B' }, 'name', 'field.too_short'],
    ['a 121-character name', { name: 'a'.repeat(121) }, 'name', 'field.too_long'],
    ['an empty name', { name: '' }, 'name', 'field.required'],
    ['a bad e-mail', { email: 'maria@' }, 'email', 'field.email'],
    ['a weak password', { password: 'abc' }, 'password', 'field.password_rule'],
    ['a country we do not serve', { country_id: 9 }, 'country_id', 'field.invalid'],
  ])('tells %s in the same words in the form and from the API', async (_, change, field, key) => {
    const { form, api } = await formAndApiKeys(registerBodySchema, { ...valid, ...change });
    expect(form[field]).toBe(key);
    expect(api[field]).toBe(key);
  });

  it('reads a list over its maximum as too many', async () => {
    const { api } = await formAndApiKeys(userCreateBodySchema as never, {
      name: 'Paula',
      email: 'paula@example.com',
      profile_id: 3,
      language: 'pt',
      farm_ids: Array.from({ length: 501 }, (_, i) => i + 1),
    });
    expect(api.farm_ids).toBe('field.too_many');
  });
});
