import { hasContractedArea } from '../plans/capabilities.ts';
import { mayReadFarm, type FarmScope } from './member-access.ts';
import type { PermissionCode } from './permission-codes.ts';
import type { PlanRoute } from './plan-routes.ts';
import { routeAccess } from './route-access.ts';

/**
 * One policy per record kind, in the style of Outline's `server/policies`: what a signed-in
 * member may do with one record of their account. The API's services ask it after reading the
 * record with the session's account (another account's record is never found, so never reaches
 * a policy); the web app reads the same answer to show only what is allowed.
 */
export type RecordKind =
  | 'farm'
  | 'plot'
  | 'sowing'
  | 'harvest'
  | 'program'
  | 'spraying'
  | 'note'
  | 'integration'
  | 'accountProduct'
  | 'accountVariety';

export type RecordAction = 'read' | 'create' | 'change' | 'delete';
export type RecordAccess = Record<RecordAction, boolean>;

interface KindRule {
  /** The plan table's entry that gates the record's screens and routes. */
  planRoute: PlanRoute;
  codes: Record<RecordAction, PermissionCode>;
  /** Season records: outside the current season they are read, never changed. */
  seasonal: boolean;
}

const KIND_RULES: Record<RecordKind, KindRule> = {
  farm: {
    planRoute: 'farms',
    codes: entity('FAZENDA_VISUALIZAR', 'FAZENDA_CADASTRAR', 'FAZENDA_EDITAR', 'FAZENDA_EXCLUIR'),
    seasonal: false,
  },
  plot: {
    planRoute: 'field',
    codes: entity('TALHAO_VISUALIZAR', 'TALHAO_CADASTRAR', 'TALHAO_EDITAR', 'TALHAO_EXCLUIR'),
    seasonal: false,
  },
  sowing: {
    planRoute: 'sowings',
    codes: entity(
      'SEMEADURA_LISTAR',
      'SEMEADURA_CADASTRAR',
      'SEMEADURA_EDITAR',
      'SEMEADURA_EXCLUIR',
    ),
    seasonal: true,
  },
  // A harvest comes after its season, often after the next one began: the previous season's
  // missing harvests are entered from the performance page (spec 3), so the season never closes it.
  harvest: {
    planRoute: 'sowings',
    codes: entity('COLHEITA_LISTAR', 'COLHEITA_CADASTRAR', 'COLHEITA_EDITAR', 'COLHEITA_EXCLUIR'),
    seasonal: false,
  },
  program: {
    planRoute: 'programas',
    codes: entity(
      'PLANEJAMENTO_LISTAR',
      'PLANEJAMENTO_CADASTRAR',
      'PLANEJAMENTO_EDITAR',
      'PLANEJAMENTO_EXCLUIR',
    ),
    seasonal: true,
  },
  spraying: {
    planRoute: 'execucao',
    codes: entity('EXECUCAO_LISTAR', 'EXECUCAO_CADASTRAR', 'EXECUCAO_EDITAR', 'EXECUCAO_EXCLUIR'),
    seasonal: true,
  },
  note: {
    planRoute: 'notes',
    codes: entity('NOTE_LISTAR', 'NOTE_CADASTRAR', 'NOTE_EDITAR', 'NOTE_EXCLUIR'),
    seasonal: false,
  },
  // An integration's whole use is importing fields: every action is the plots' create.
  integration: {
    planRoute: 'integrations',
    codes: entity('TALHAO_CADASTRAR', 'TALHAO_CADASTRAR', 'TALHAO_CADASTRAR', 'TALHAO_CADASTRAR'),
    seasonal: false,
  },
  accountProduct: {
    planRoute: 'programas',
    codes: entity(
      'DEFENSIVO_LISTAR',
      'DEFENSIVO_CADASTRAR',
      'DEFENSIVO_EDITAR',
      'DEFENSIVO_EXCLUIR',
    ),
    seasonal: false,
  },
  accountVariety: {
    planRoute: 'cultivares',
    codes: entity('CULTIVAR_LISTAR', 'CULTIVAR_CADASTRAR', 'CULTIVAR_EDITAR', 'CULTIVAR_EXCLUIR'),
    seasonal: false,
  },
};

function entity(
  read: PermissionCode,
  create: PermissionCode,
  change: PermissionCode,
  remove: PermissionCode,
): Record<RecordAction, PermissionCode> {
  return { read, create, change, delete: remove };
}

/** The signed-in member as the policies need them. */
export interface RecordActor {
  planLevel: number;
  farms: FarmScope;
  can(code: PermissionCode): boolean;
}

/** What a policy needs to know of the record: its farm (none for account-wide records), its season. */
export interface RecordFacts {
  farmId?: number | null;
  /** False for a season record of a season that is not the current one. */
  currentSeason?: boolean;
}

export function recordAccess(
  actor: RecordActor,
  kind: RecordKind,
  record: RecordFacts = {},
): RecordAccess {
  const rule = KIND_RULES[kind];
  const reachable =
    (record.farmId == null || mayReadFarm(actor.farms, record.farmId)) &&
    routeAccess(rule.planRoute, actor.planLevel) === 'allowed';
  const closed = rule.seasonal && record.currentSeason === false;
  const may = (action: RecordAction) =>
    reachable && actor.can(rule.codes[action]) && (action === 'read' || !closed);
  return { read: may('read'), create: may('create'), change: may('change'), delete: may('delete') };
}

/**
 * Why an action was refused, for the error the API answers: a record outside the member's farms
 * is not found (404, like another account's); a season record outside the current season is
 * read-only; anything else is the plan-aware permission refusal.
 */
export function refusalOf(
  actor: RecordActor,
  kind: RecordKind,
  record: RecordFacts = {},
): 'notFound' | 'pastSeason' | 'permission' {
  if (record.farmId != null && !mayReadFarm(actor.farms, record.farmId)) return 'notFound';
  const open = recordAccess(actor, kind, { ...record, currentSeason: true });
  const rule = KIND_RULES[kind];
  if (rule.seasonal && record.currentSeason === false && open.change) return 'pastSeason';
  return 'permission';
}

/** The account's contracted area per plot and season: the Full plan's (spec 2 §6). */
export function mayContractArea(actor: Pick<RecordActor, 'planLevel'>): boolean {
  return hasContractedArea(actor.planLevel);
}

/** The season report's pesticides section: its own report code. */
export function mayReadPesticidesUsed(actor: Pick<RecordActor, 'can'>): boolean {
  return actor.can('RELATORIO_DEFENSIVOS_UTILIZADOS');
}
