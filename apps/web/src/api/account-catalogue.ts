import {
  accountProductSchema,
  accountVarietySchema,
  type AccountProduct,
  type AccountProductBody,
  type AccountVariety,
  type AccountVarietyBody,
} from '@lavoura/domain';
import { apiFetch } from './http';

/**
 * The account's own products and varieties (issue 28 item 5): entered where the catalogue lacks
 * them, for the account alone. They then show in the catalogue, the programs' products and the
 * farm's varieties, so a save clears those lists (the caller invalidates them).
 */

export function createAccountProduct(body: AccountProductBody): Promise<AccountProduct> {
  return apiFetch('/api/account-products', {
    method: 'POST',
    json: body,
    schema: accountProductSchema,
  });
}

/** 409 exception.product.in_use once a program uses it. */
export async function deleteAccountProduct(id: number): Promise<void> {
  await apiFetch(`/api/account-products/${id}`, { method: 'DELETE' });
}

export function createAccountVariety(body: AccountVarietyBody): Promise<AccountVariety> {
  return apiFetch('/api/account-varieties', {
    method: 'POST',
    json: body,
    schema: accountVarietySchema,
  });
}

/** 409 exception.variety.in_use once sown or planned. */
export async function deleteAccountVariety(id: number): Promise<void> {
  await apiFetch(`/api/account-varieties/${id}`, { method: 'DELETE' });
}
