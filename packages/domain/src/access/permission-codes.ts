/**
 * The permission codes: entity actions, menus, dashboards and reports. Who gets which code is
 * decided by the profile (access/permissions.ts) and by the plan (plans/capabilities.ts).
 */
const ACTIONS = ['LISTAR', 'CADASTRAR', 'EDITAR', 'EXCLUIR', 'VISUALIZAR'] as const;
export type Action = (typeof ACTIONS)[number];
export const READ: readonly Action[] = ['LISTAR', 'VISUALIZAR'];
export const WRITE: readonly Action[] = ['CADASTRAR', 'EDITAR', 'EXCLUIR'];

/** Entities and the actions that exist for each (harvest and notes have no view; catalogue lists only). */
export const ENTITY_ACTIONS = {
  USER: ACTIONS,
  PERFIL: ACTIONS,
  FAZENDA: ACTIONS,
  TALHAO: ACTIONS,
  CULTIVAR: ACTIONS,
  FERTILIZANTE: ACTIONS,
  DEFENSIVO: ACTIONS,
  ADJUVANTES: ACTIONS,
  COLHEITA: ['LISTAR', 'CADASTRAR', 'EDITAR', 'EXCLUIR'],
  SEMEADURA: ACTIONS,
  PLANEJAMENTO: ACTIONS,
  EXECUCAO: ACTIONS,
  CONTAS: ACTIONS,
  NOTE: ['LISTAR', 'CADASTRAR', 'EDITAR', 'EXCLUIR'],
  CATALOG: ['LISTAR'],
  MANAGER_ACCOUNT: ACTIONS,
} as const satisfies Record<string, readonly Action[]>;
export type Entity = keyof typeof ENTITY_ACTIONS;

/** Codes that are not entity actions: menus, dashboards, reports. */
export const MENU_CODES = [
  'MENU_CADASTROS',
  'MENU_SAFRAS',
  'MENU_ADMINISTRACAO',
  'MENU_PAINEIS',
  'MENU_SISTEMA',
  'MENU_RELATORIOS',
] as const;
export const DASHBOARD_CODES = [
  'DASHBOARD_FENOLOGICOS',
  'DASHBOARD_GERAL',
  'DASHBOARD_GRAFICO_IPM',
  'DASHBOARD_AGENDA',
] as const;
export const REPORT_CODES = [
  'RELATORIO_FAZENDA_PULVERIZACAO',
  'RELATORIO_SEMEADURA',
  'RELATORIO_EXECUCAO_PULVERIZACAO',
  'RELATORIO_DEFENSIVOS_UTILIZADOS',
] as const;
export const STANDALONE_CODES: readonly string[] = [
  ...MENU_CODES,
  ...DASHBOARD_CODES,
  ...REPORT_CODES,
];

type EntityCode = {
  [E in Entity]: `${E}_${(typeof ENTITY_ACTIONS)[E][number]}`;
}[Entity];
export type PermissionCode =
  | EntityCode
  | (typeof MENU_CODES)[number]
  | (typeof DASHBOARD_CODES)[number]
  | (typeof REPORT_CODES)[number];

const ENTITY_CODES: { entity: Entity; action: Action; code: PermissionCode }[] = (
  Object.entries(ENTITY_ACTIONS) as [Entity, readonly Action[]][]
).flatMap(([entity, actions]) =>
  actions.map((action) => ({ entity, action, code: `${entity}_${action}` as PermissionCode })),
);

export const ALL_PERMISSION_CODES: readonly PermissionCode[] = [
  ...ENTITY_CODES.map((c) => c.code),
  ...(STANDALONE_CODES as PermissionCode[]),
];

/** The codes of some entities' actions (every action by default). */
export function entityCodes(
  entities: readonly Entity[],
  actions: readonly Action[] = ACTIONS,
): PermissionCode[] {
  return ENTITY_CODES.filter((c) => entities.includes(c.entity) && actions.includes(c.action)).map(
    (c) => c.code,
  );
}
