/**
 * How scripts/data/varieties.ts reads the names of its sources: the maintainers that the costa-soy
 * sheet runs together, and the technology suffixes that growers and sources write (or leave off)
 * after a cultivar's name.
 */

/** Letters and digits only, upper case, accents dropped. */
export const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');

/**
 * The maintainers that costa-soy's sheet writes one after the other in a single cell, without a
 * separator ("TROPICAL MELHORAMENTO E GENETICA S/AUNISOJA S/A FUNDACAO MT") or with a space
 * ("EPAMIG EMPRESA BRASILEIRA DE PESQUISA AGROPECUARIA"): each as the sheet spells it. A cell is
 * split only when it is wholly made of these names, so any other text stays as the source has it.
 */
const MAINTAINERS = [
  'AGENCIA RURAL GOIANIA',
  'APSEMG',
  'CENTRO TECNOLÓGICO PARA PESQUISAS AGROPECUARIAS-CTPA',
  'COODETEC',
  'COPAMIL',
  'CTPA',
  'D&PL BRASIL LTDA',
  'DUPONT DO BRASIL S/A',
  'EMATER',
  'EMATER GO',
  'EMBRAPA',
  'EMPRESA BRASILEIRA DE PESQUISA AGROPECUARIA',
  'EPAMIG',
  'FUNDACAO MT',
  'SEAGRO GO',
  'TMG',
  'TMG TROPICAL MELHORAMENTO E GENETICA S/A',
  'TROPICAL MELHORAMENTO E GENETICA S/A',
  'UNISOJA',
  'UNISOJA S/A',
  'WANDER LÚCIO RODRIGUES ALVES',
].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));

/** The names `text` is wholly made of, longest first at each step; null when it is not. */
function segments(text: string): string[] | null {
  if (text === '') return [];
  for (const name of MAINTAINERS) {
    if (!text.startsWith(name)) continue;
    const rest = segments(text.slice(name.length).trimStart());
    if (rest) return [name, ...rest];
  }
  return null;
}

/**
 * A maintainer cell as readable text: "S/A" set apart from the words it is glued to
 * ("DO BRASILS/A" → "DO BRASIL S/A"), and several maintainers run together split by "; "
 * ("COODETECDUPONT DO BRASILS/A" → "COODETEC; DUPONT DO BRASIL S/A").
 */
export function splitMaintainers(text: string): string {
  const spaced = text
    .replace(/([A-Z])S\/A\b/g, '$1 S/A')
    .replace(/S\/A(?=[A-Z])/g, 'S/A ')
    .replace(/\s+/g, ' ')
    .trim();
  const names = segments(spaced);
  return names && names.length > 1 ? names.join('; ') : spaced;
}

/**
 * The technology a cultivar's name ends with (Intacta RR2 PRO, Intacta 2 Xtend, Roundup Ready,
 * Enlist E3, Conkesta E3, Xtend, Cultivance), as a word ("BMX Olimpo IPRO", "TMG 22-206 E") or,
 * for the longer ones, glued to the code ("M6410IPRO", "ST 700RR").
 */
const SPACED_TECH = /[\s-]+(IPRO|I2X|RR|RR2|XTD|CE|E|CV)$/i;
const GLUED_TECH = /(IPRO|I2X|RR|XTD)$/i;

/** A cultivar's name without its technology suffix, folded: what two writings share. */
export function cultivarBase(name: string): string {
  const trimmed = name.trim();
  const spaced = trimmed.replace(SPACED_TECH, '');
  return spaced !== trimmed ? fold(spaced) : fold(trimmed).replace(GLUED_TECH, '');
}
