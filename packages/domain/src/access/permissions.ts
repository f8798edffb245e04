import { ERRORS, type ErrorType } from '../errors.ts';
import { PLAN_CAPABILITIES, TOP_PLAN_LEVEL, planFeatures } from '../plans/capabilities.ts';
import type { ProfileUid } from '../reference/profiles.ts';
import {
  ALL_PERMISSION_CODES,
  ENTITY_ACTIONS,
  READ,
  STANDALONE_CODES,
  WRITE,
  entityCodes,
  type Entity,
  type PermissionCode,
} from './permission-codes.ts';

export * from './permission-codes.ts';

/**
 * Who gets which permission code: one table read by the API (authorisation) and the web app
 * (what to show). A user's codes are what their profile allows AND what their account's plan
 * includes (plans/capabilities.ts); outside the current season, season records become read-only.
 */
/** The permission codes each plan level includes, as read from the plan table. */
export const PLAN_PERMISSIONS: Readonly<Record<number, ReadonlySet<PermissionCode>>> =
  Object.fromEntries(
    Object.keys(PLAN_CAPABILITIES).map((level) => [level, planFeatures(Number(level))]),
  );

// ---- profiles: what a user may do inside an account ----------------------------------------

const READ_ONLY: PermissionCode[] = [
  ...entityCodes(Object.keys(ENTITY_ACTIONS) as Entity[], READ),
  ...(STANDALONE_CODES as PermissionCode[]),
];
const ALL: PermissionCode[] = [...ALL_PERMISSION_CODES];
const without = (codes: PermissionCode[], removed: PermissionCode[]) =>
  codes.filter((c) => !removed.includes(c));

export const PROFILE_PERMISSIONS: Record<ProfileUid, ReadonlySet<PermissionCode>> = {
  ADMIN: new Set(ALL),
  CONTA: new Set(ALL),
  // Agronomist: everything except changing farms, plots and users.
  FARM: new Set(without(ALL, entityCodes(['FAZENDA', 'TALHAO', 'USER', 'MANAGER_ACCOUNT'], WRITE))),
  // Observer: views only.
  ASSISTENTE_TECNICO: new Set(READ_ONLY),
  // Reseller consultant: views, creates and edits everything but users; deletes nothing.
  CON_REV: new Set(
    without(ALL, [
      ...entityCodes(['USER']),
      ...entityCodes(Object.keys(ENTITY_ACTIONS) as Entity[], ['EXCLUIR']),
    ]),
  ),
  // Research: views everything, users included; creates and edits programs, sowings, farms, plots.
  PESQUISA: new Set([
    ...READ_ONLY,
    ...entityCodes(
      ['PLANEJAMENTO', 'EXECUCAO', 'SEMEADURA', 'FAZENDA', 'TALHAO'],
      ['CADASTRAR', 'EDITAR'],
    ),
  ]),
  // The company's own staff roles see customer data read-only.
  FINANCEIRO: new Set(READ_ONLY),
  COMERCIAL: new Set(READ_ONLY),
  ADM_CORP: new Set(READ_ONLY),
  VEND_CORP: new Set(READ_ONLY),
  VEND_DGF: new Set(READ_ONLY),
  TEC_DGF: new Set(READ_ONLY),
};

/** Season records: outside the current season they can be read, not changed. */
const SEASON_ENTITIES: readonly Entity[] = ['SEMEADURA', 'PLANEJAMENTO', 'EXECUCAO', 'COLHEITA'];
const SEASON_WRITES = new Set(entityCodes(SEASON_ENTITIES, WRITE));

const permissionsCache = new Map<string, readonly PermissionCode[]>();

export function permissionsFor(input: {
  profile: ProfileUid;
  planLevel: number;
  /** When the codes are asked for a season-crop that is not the current one. */
  pastSeason?: boolean;
}): readonly PermissionCode[] {
  // Every authenticated call asks: computed once per profile, plan level and season state.
  const key = `${input.profile}:${input.planLevel}:${input.pastSeason ? 1 : 0}`;
  let codes = permissionsCache.get(key);
  if (!codes) {
    const byProfile = PROFILE_PERMISSIONS[input.profile];
    const byPlan = planFeatures(input.planLevel);
    codes = Object.freeze(
      ALL_PERMISSION_CODES.filter(
        (c) => byProfile.has(c) && byPlan.has(c) && !(input.pastSeason && SEASON_WRITES.has(c)),
      ),
    );
    permissionsCache.set(key, codes);
  }
  return codes;
}

/** The coarse keys the web app's shell and routes use, each derived from one code. */
export const SHELL_PERMISSION_KEYS = {
  'farm.list': 'FAZENDA_LISTAR',
  'user.list': 'USER_LISTAR',
  'menu.panel': 'MENU_PAINEIS',
  'program.list': 'EXECUCAO_LISTAR',
  'variety.list': 'CULTIVAR_LISTAR',
  'planning.list': 'PLANEJAMENTO_LISTAR',
  'catalog.list': 'CATALOG_LISTAR',
  'note.list': 'NOTE_LISTAR',
  'harvest.list': 'COLHEITA_LISTAR',
  'plot.view': 'TALHAO_VISUALIZAR',
  'sowing.view': 'SEMEADURA_VISUALIZAR',
  linkage: 'MANAGER_ACCOUNT_LISTAR',
} as const satisfies Record<string, PermissionCode>;
export type ShellPermissionKey = keyof typeof SHELL_PERMISSION_KEYS | 'admin';

/** Codes plus the shell keys they imply; `admin` (the back office) belongs to the ADMIN profile only. */
const shellKeysCache = new WeakMap<
  readonly PermissionCode[],
  [readonly string[] | undefined, readonly string[] | undefined]
>();

export function withShellKeys(
  codes: readonly PermissionCode[],
  profile: ProfileUid,
): readonly string[] {
  // permissionsFor hands out one array per profile and plan: its answer is built once too.
  const admin = profile === 'ADMIN';
  const known = shellKeysCache.get(codes)?.[admin ? 1 : 0];
  if (known) return known;
  const keys = (Object.entries(SHELL_PERMISSION_KEYS) as [string, PermissionCode][])
    .filter(([, source]) => codes.includes(source))
    .map(([key]) => key);
  const answer = Object.freeze([...codes, ...keys, ...(admin ? ['admin'] : [])]);
  const entry = shellKeysCache.get(codes) ?? [undefined, undefined];
  entry[admin ? 1 : 0] = answer;
  shellKeysCache.set(codes, entry);
  return answer;
}

/** The key of a refused action: top-plan users are told it is their permission, not their plan. */
export function missingPermissionError(planLevel: number): ErrorType {
  return planLevel === TOP_PLAN_LEVEL ? ERRORS.planNoPermission : ERRORS.actionUnauthorized;
}

export function missingPermissionKey(planLevel: number): string {
  return missingPermissionError(planLevel).key;
}
