import {
  formatNumber,
  parseDecimal,
  toDisplayUnit,
  unitOf,
  type Language,
  type Quantity,
  type SowingStatus,
} from '@lavoura/domain';
import type { ChipProps } from '@mui/material';

/** A sowing status chip's colour, the same on every screen that shows one. */
export const SOWING_STATUS_COLOR: Record<SowingStatus, ChipProps['color']> = {
  planned: 'default',
  sown: 'primary',
  ready_to_harvest: 'warning',
  harvested: 'success',
  lost: 'error',
};

/** A canonical (metric) quantity in the language's unit: "40 ha", "98.84 ac". */
export function formatQuantity(quantity: Quantity, canonical: number, language: Language): string {
  return `${formatNumber(toDisplayUnit(quantity, canonical, language), language)} ${unitOf(quantity, language)}`;
}

/**
 * A number typed in the form, in the language's way of writing it (domain's `parseDecimal`).
 * Empty is null; text that is no number is NaN (the form says so).
 */
export function parseTyped(text: string, language: Language): number | null {
  if (text.trim() === '') return null;
  return parseDecimal(text, language) ?? Number.NaN;
}

/** Four decimals are enough for any stored quantity and keep a converted value readable. */
export function roundStored(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
