import { registerBodySchema, sowingBodySchema, userCreateBodySchema } from '@lavoura/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/http';
import { i18n } from './i18n';
import {
  fieldErrorText,
  fieldMessageKey,
  refusalFieldErrors,
  schemaFieldErrors,
} from './field-errors';
import { fieldKeyResolver } from './form-fields';

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
    expect(fieldMessageKey(form[field] ?? '')).toBe(key);
    expect(api[field]).toBe(key);
  });

  it('states the limit a size rule names, in the page’s language and numbers', async () => {
    const { form } = await formAndApiKeys(registerBodySchema, { ...valid, name: 'a'.repeat(121) });
    expect(form.name).toBe('field.too_long|120');
    const t = i18n.getFixedT('pt');
    expect(fieldErrorText(t, form.name!, 'pt')).toBe('Escreva no máximo 120 caracteres.');
    expect(fieldErrorText(i18n.getFixedT('en'), 'field.too_big|1.5', 'en')).toBe(
      'The maximum is 1.5.',
    );
    expect(fieldErrorText(t, 'field.too_big|1.5', 'pt')).toBe('O valor máximo é 1,5.');
    // Where a field shows other units than the rule's, the text keeps to the rule.
    expect(fieldErrorText(t, 'field.too_big|1.5', 'pt', false)).toBe('Valor acima do máximo.');
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

describe('a form’s fields by the API’s schema, and by its refusal', () => {
  const sowing = { fazenda_id: 1, talhao_id: 2, cultivar_id: 3, area: 10 };

  it('names germination 150 % and vigour −3 % by the sowing schema, in the API’s words', () => {
    expect(
      schemaFieldErrors(sowingBodySchema, { ...sowing, germinative_power: 150, seed_vigor: -3 }),
    ).toEqual({ germinative_power: 'field.too_big|100', seed_vigor: 'field.too_small|0' });
    expect(schemaFieldErrors(sowingBodySchema, { ...sowing, talhao_id: null })).toEqual({
      talhao_id: 'field.required',
    });
    expect(schemaFieldErrors(sowingBodySchema, sowing)).toEqual({});
  });

  it('places a refusal’s fields, and a refusal about one field under it', () => {
    const refusal = (key: string, additionalInfo?: unknown) =>
      new ApiError(400, { code: 400, key, context: { message: 'refused', additionalInfo } });
    expect(
      refusalFieldErrors(
        refusal('exception.validation_error', [
          { field: 'body.seed_vigor', key: 'field.too_big', message: 'Too big', limit: 100 },
          { field: 'body.area', key: 'field.required', message: 'Required' },
        ]),
      ),
    ).toEqual({ seed_vigor: 'field.too_big|100', area: 'field.required' });
    expect(
      refusalFieldErrors(refusal('exception.sowing.area_exceeds_remaining'), {
        'exception.sowing.area_exceeds_remaining': 'area',
      }),
    ).toEqual({ area: 'exception.sowing.area_exceeds_remaining' });
    expect(refusalFieldErrors(refusal('exception.unexpected_error'))).toEqual({});
  });
});
