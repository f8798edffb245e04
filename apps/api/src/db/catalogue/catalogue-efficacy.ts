import {
  activeSetKey as setKey,
  DISEASES,
  searchableText,
  type EfficacyNote,
  type EfficacyTag,
  type PesticideRow,
} from '@lavoura/domain';
import type { EfficacyRules } from './catalogue-files.ts';
import type { S15Combination, S15Derivation } from './efficacy-derivation.ts';

/**
 * AGRONOMY.md §4b as rows: the efficacy of each catalogue product per country and disease, from
 * the rules of efficacy/efficacy.json. A value read in a source (S) or derived from trials (D)
 * wins over an assumption (A) for the same product, country and disease.
 */

export interface EfficacyRow {
  key: string;
  country: PesticideRow['country'];
  diseaseId: number;
  efficacy: number;
  tag: EfficacyTag;
  sourceId: string;
  /** The key of the row's note (its text is in each language: catalog detail.efficacy_note). */
  note: EfficacyNote | null;
}

const diseaseByCode = new Map(DISEASES.map((disease) => [disease.code, disease]));

function diseaseId(code: string): number {
  const disease = diseaseByCode.get(code);
  if (!disease) throw new Error(`efficacy.json: unknown disease ${code}`);
  return disease.id;
}

export function efficacyRows(
  products: readonly PesticideRow[],
  rules: EfficacyRules,
  s15: S15Derivation,
): EfficacyRow[] {
  const rows = new Map<string, EfficacyRow>();
  const put = (row: EfficacyRow) => {
    const id = `${row.key}|${row.country}|${row.diseaseId}`;
    const held = rows.get(id);
    if (held && held.tag !== 'A' && row.tag === 'A') return;
    rows.set(id, row);
  };
  const byActives = new Map<string, PesticideRow[]>();
  for (const product of products) {
    const key = setKey(product.actives.map((active) => active.name));
    byActives.set(key, [...(byActives.get(key) ?? []), product]);
  }
  // Assumptions first, so that read and derived values replace them.
  for (const rule of rules.by_name) {
    const named = products.filter(
      (product) =>
        searchableText(product.name) === searchableText(rule.name) &&
        product.crops.includes(rule.crop) &&
        rule.countries.includes(product.country),
    );
    for (const product of named) {
      for (const [code, efficacy] of Object.entries(rule.values)) {
        put({
          key: product.key,
          country: product.country,
          diseaseId: diseaseId(code),
          efficacy,
          tag: 'A',
          sourceId: 'assumption',
          note: null,
        });
      }
      if (rule.others === undefined) continue;
      const registered = new Set((product.diseases ?? []).map((disease) => disease.code));
      for (const code of rules.other_soybean_diseases) {
        if (!registered.has(code)) continue;
        put({
          key: product.key,
          country: product.country,
          diseaseId: diseaseId(code),
          efficacy: rule.others,
          tag: 'A',
          sourceId: 'assumption',
          note: null,
        });
      }
    }
  }
  for (const rule of rules.by_actives) {
    const matching = (byActives.get(setKey(rule.actives)) ?? []).filter(
      (product) => product.crops.includes(rule.crop) && rule.countries.includes(product.country),
    );
    for (const product of matching) {
      if ('derived' in rule) {
        const derived = s15.combinations[rule.derived as S15Combination];
        if (!derived) throw new Error(`efficacy.json: no S15 combination ${rule.derived}`);
        put({
          key: product.key,
          country: product.country,
          diseaseId: diseaseId(rule.disease),
          efficacy: derived.efficacy,
          tag: 'D',
          sourceId: s15.source_id,
          note: 's15_derived',
        });
      } else {
        put({
          key: product.key,
          country: product.country,
          diseaseId: diseaseId(rule.disease),
          efficacy: rule.efficacy,
          tag: rule.tag,
          sourceId: rule.source,
          note: rule.note ?? null,
        });
      }
    }
  }
  return [...rows.values()];
}
