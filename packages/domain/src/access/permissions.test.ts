import { describe, expect, it } from 'vitest';
import { PROFILE_IDS, type ProfileUid } from '../reference/profiles.ts';
import {
  ALL_PERMISSION_CODES,
  DASHBOARD_CODES,
  ENTITY_ACTIONS,
  MENU_CODES,
  PLAN_PERMISSIONS,
  PROFILE_PERMISSIONS,
  REPORT_CODES,
  SHELL_PERMISSION_KEYS,
  missingPermissionKey,
  permissionsFor,
  withShellKeys,
  type Entity,
} from './permissions.ts';
import { PLAN_ROUTES, routeAccess, type PlanRoute } from './route-access.ts';

/** Spec 1 §6, each statement written out and checked against the table. */
const FULL = 4;
const at = (profile: ProfileUid, planLevel = FULL, pastSeason = false) =>
  permissionsFor({ profile, planLevel, pastSeason });
const WRITES = /_(CADASTRAR|EDITAR|EXCLUIR)$/;
const READS = /_(LISTAR|VISUALIZAR)$/;
const entityOf = (code: string) =>
  (Object.keys(ENTITY_ACTIONS) as Entity[]).find(
    (e) => code.startsWith(`${e}_`) && /^[A-Z]+$/.test(code.slice(e.length + 1)),
  );
const entitiesOf = (codes: readonly string[]) =>
  new Set(codes.map(entityOf).filter((e) => e !== undefined));
const writesOf = (codes: readonly string[]) => codes.filter((c) => WRITES.test(c));
const ENTITIES = Object.keys(ENTITY_ACTIONS) as Entity[];

describe('the permission codes (spec §6)', () => {
  it('are ENTITY_ACTION over the spec’s entities, catalogue list only, plus menus, dashboards and reports', () => {
    expect(ENTITIES.sort()).toEqual(
      [
        'USER',
        'PERFIL',
        'FAZENDA',
        'TALHAO',
        'CULTIVAR',
        'FERTILIZANTE',
        'DEFENSIVO',
        'ADJUVANTES',
        'COLHEITA',
        'SEMEADURA',
        'PLANEJAMENTO',
        'EXECUCAO',
        'CONTAS',
        'NOTE',
        'CATALOG',
        'MANAGER_ACCOUNT',
      ].sort(),
    );
    expect(ALL_PERMISSION_CODES.filter((c) => c.startsWith('CATALOG_'))).toEqual([
      'CATALOG_LISTAR',
    ]);
    for (const code of [
      'USER_LISTAR',
      'USER_CADASTRAR',
      'USER_EDITAR',
      'USER_EXCLUIR',
      'USER_VISUALIZAR',
      'SEMEADURA_CADASTRAR',
      'MANAGER_ACCOUNT_LISTAR',
    ]) {
      expect(ALL_PERMISSION_CODES).toContain(code);
    }
    expect(MENU_CODES).toEqual([
      'MENU_CADASTROS',
      'MENU_SAFRAS',
      'MENU_ADMINISTRACAO',
      'MENU_PAINEIS',
      'MENU_SISTEMA',
      'MENU_RELATORIOS',
    ]);
    expect(DASHBOARD_CODES).toEqual([
      'DASHBOARD_FENOLOGICOS',
      'DASHBOARD_GERAL',
      'DASHBOARD_GRAFICO_IPM',
      'DASHBOARD_AGENDA',
    ]);
    expect(REPORT_CODES).toEqual([
      'RELATORIO_FAZENDA_PULVERIZACAO',
      'RELATORIO_SEMEADURA',
      'RELATORIO_EXECUCAO_PULVERIZACAO',
      'RELATORIO_DEFENSIVOS_UTILIZADOS',
    ]);
    expect(new Set(ALL_PERMISSION_CODES).size).toBe(ALL_PERMISSION_CODES.length);
  });

  it('every profile of the reference list has a row', () => {
    expect(Object.keys(PROFILE_PERMISSIONS).sort()).toEqual(Object.keys(PROFILE_IDS).sort());
  });
});

describe('profiles (in a Full account, where the plan restricts nothing)', () => {
  it('ADMIN and CONTA edit, view and create everything', () => {
    expect(at('ADMIN')).toEqual([...ALL_PERMISSION_CODES]);
    expect(at('CONTA')).toEqual([...ALL_PERMISSION_CODES]);
  });

  it('FARM edits all except farms and plots', () => {
    const codes = at('FARM');
    expect(codes.filter((c) => /^(FAZENDA|TALHAO)_(CADASTRAR|EDITAR|EXCLUIR)$/.test(c))).toEqual(
      [],
    );
    expect(codes).toEqual(
      expect.arrayContaining([
        'FAZENDA_LISTAR',
        'FAZENDA_VISUALIZAR',
        'TALHAO_LISTAR',
        'TALHAO_VISUALIZAR',
      ]),
    );
    for (const entity of [
      'CULTIVAR',
      'FERTILIZANTE',
      'DEFENSIVO',
      'ADJUVANTES',
      'SEMEADURA',
      'PLANEJAMENTO',
      'EXECUCAO',
      'COLHEITA',
      'NOTE',
    ] as const) {
      expect(codes).toEqual(
        expect.arrayContaining([`${entity}_CADASTRAR`, `${entity}_EDITAR`, `${entity}_EXCLUIR`]),
      );
    }
  });

  it('ASSISTENTE_TECNICO views only', () => {
    const codes = at('ASSISTENTE_TECNICO');
    expect(writesOf(codes)).toEqual([]);
    for (const entity of ENTITIES) expect(codes).toContain(`${entity}_LISTAR`);
    expect(codes.every((c) => READS.test(c) || !entityOf(c))).toBe(true);
  });

  it('CON_REV edits, views and creates everything except users', () => {
    const codes = at('CON_REV');
    expect(codes.filter((c) => c.startsWith('USER_'))).toEqual([]);
    for (const entity of ENTITIES.filter((e) => e !== 'USER' && e !== 'CATALOG')) {
      for (const action of ['LISTAR', 'CADASTRAR', 'EDITAR'] as const) {
        if ((ENTITY_ACTIONS[entity] as readonly string[]).includes(action))
          expect(codes).toContain(`${entity}_${action}`);
      }
    }
  });

  it('PESQUISA views users and creates or edits programs, sowings, farms and plots, nothing else', () => {
    const codes = at('PESQUISA');
    expect(codes).toEqual(expect.arrayContaining(['USER_LISTAR', 'USER_VISUALIZAR']));
    const allowedWrites = ['PLANEJAMENTO', 'EXECUCAO', 'SEMEADURA', 'FAZENDA', 'TALHAO'].flatMap(
      (e) => [`${e}_CADASTRAR`, `${e}_EDITAR`],
    );
    expect(writesOf(codes).sort()).toEqual(allowedWrites.sort());
  });

  it('the company’s staff profiles only read customer data', () => {
    for (const profile of [
      'FINANCEIRO',
      'COMERCIAL',
      'ADM_CORP',
      'VEND_CORP',
      'VEND_DGF',
      'TEC_DGF',
    ] as const) {
      expect(writesOf(at(profile))).toEqual([]);
    }
  });

  it('only ADMIN gets the admin key (the back office)', () => {
    expect(withShellKeys(at('ADMIN'), 'ADMIN')).toContain('admin');
    for (const profile of Object.keys(PROFILE_IDS) as ProfileUid[]) {
      if (profile !== 'ADMIN') expect(withShellKeys(at(profile), profile)).not.toContain('admin');
    }
  });
});

describe('plans (for an account administrator)', () => {
  const conta = (level: number) => at('CONTA', level);

  it.each([0, 1])(
    'level %i: only farm and plot management, notes and catalogue listing',
    (level) => {
      const codes = conta(level);
      expect([...entitiesOf(codes)].sort()).toEqual(['CATALOG', 'FAZENDA', 'NOTE', 'TALHAO']);
      expect(codes.filter((c) => c.startsWith('CATALOG_'))).toEqual(['CATALOG_LISTAR']);
      expect(codes).toEqual(
        expect.arrayContaining([
          'FAZENDA_CADASTRAR',
          'FAZENDA_EDITAR',
          'TALHAO_CADASTRAR',
          'NOTE_CADASTRAR',
        ]),
      );
      expect(codes.filter((c) => !entityOf(c))).toEqual([]);
    },
  );

  it('Freemium and Light include the same codes', () => {
    expect(conta(0)).toEqual(conta(1));
  });

  it('Pro adds farms, varieties, fertilizers, pesticides, planning, adjuvants, plots, notes, account edit and menus, but not sowing, harvest or execution', () => {
    const codes = conta(2);
    expect(codes).toEqual(expect.arrayContaining([...conta(1)]));
    expect([...entitiesOf(codes)].sort()).toEqual(
      [
        'ADJUVANTES',
        'CATALOG',
        'CONTAS',
        'CULTIVAR',
        'DEFENSIVO',
        'FAZENDA',
        'FERTILIZANTE',
        'NOTE',
        'PLANEJAMENTO',
        'TALHAO',
      ].sort(),
    );
    expect(codes).toContain('CONTAS_EDITAR');
    expect(codes.filter((c) => c.startsWith('MENU_')).length).toBeGreaterThan(0);
    expect(codes.filter((c) => /^(SEMEADURA|COLHEITA|EXECUCAO)_/.test(c))).toEqual([]);
    expect(codes.filter((c) => c.startsWith('USER_'))).toEqual([]);
  });

  it('Lavoura (level 3) is Pro plus sowing, execution and harvest', () => {
    const added = conta(3).filter((c) => !conta(2).includes(c));
    expect([...entitiesOf(added)].sort()).toEqual(['COLHEITA', 'EXECUCAO', 'SEMEADURA']);
    expect(conta(3)).toEqual(expect.arrayContaining([...conta(2)]));
  });

  it('Full adds sowing, harvest, dashboards, executions and reports (and users)', () => {
    const codes = conta(4);
    expect(codes).toEqual(
      expect.arrayContaining([
        ...DASHBOARD_CODES,
        ...REPORT_CODES,
        'SEMEADURA_CADASTRAR',
        'COLHEITA_LISTAR',
        'EXECUCAO_EDITAR',
        'USER_CADASTRAR',
      ]),
    );
    for (const level of [0, 1, 2, 3])
      expect(
        conta(level).filter((c) => c.startsWith('DASHBOARD_') || c.startsWith('RELATORIO_')),
      ).toEqual([]);
  });

  it('an unknown plan level includes nothing', () => {
    expect(conta(9)).toEqual([]);
    expect(PLAN_PERMISSIONS[9]).toBeUndefined();
  });

  it('a profile never gets a code its plan lacks, nor one its profile lacks', () => {
    for (const profile of Object.keys(PROFILE_IDS) as ProfileUid[]) {
      for (const level of [0, 1, 2, 3, 4]) {
        for (const c of at(profile, level)) {
          expect(PROFILE_PERMISSIONS[profile].has(c) && PLAN_PERMISSIONS[level]!.has(c)).toBe(true);
        }
      }
    }
  });

  it('users without menu.panel (everyone below Full) see the upgrade button', () => {
    for (const level of [0, 1, 2, 3])
      expect(withShellKeys(conta(level), 'CONTA')).not.toContain('menu.panel');
    expect(withShellKeys(conta(4), 'CONTA')).toContain('menu.panel');
  });
});

describe('seasons', () => {
  it('outside the current season, sowings, planning, executions and harvests become read-only; the rest is unchanged', () => {
    const now = at('CONTA');
    const past = at('CONTA', FULL, true);
    const removed = now.filter((c) => !past.includes(c));
    expect(removed.sort()).toEqual(
      ['SEMEADURA', 'PLANEJAMENTO', 'EXECUCAO', 'COLHEITA']
        .flatMap((e) => [`${e}_CADASTRAR`, `${e}_EDITAR`, `${e}_EXCLUIR`])
        .sort(),
    );
    expect(past).toEqual(
      expect.arrayContaining([
        'SEMEADURA_LISTAR',
        'SEMEADURA_VISUALIZAR',
        'FAZENDA_CADASTRAR',
        'USER_CADASTRAR',
      ]),
    );
    expect(past.filter((c) => !now.includes(c))).toEqual([]);
  });
});

describe('the shell’s keys', () => {
  it('include every key of the spec, each from one code', () => {
    expect(Object.keys(SHELL_PERMISSION_KEYS).sort()).toEqual(
      [
        'farm.list',
        'user.list',
        'menu.panel',
        'program.list',
        'variety.list',
        'planning.list',
        'catalog.list',
        'note.list',
        'harvest.list',
        'plot.view',
        'sowing.view',
        'linkage',
      ].sort(),
    );
    for (const code of Object.values(SHELL_PERMISSION_KEYS))
      expect(ALL_PERMISSION_CODES).toContain(code);
    expect(withShellKeys(['USER_LISTAR'], 'CONTA')).toEqual(['USER_LISTAR', 'user.list']);
  });

  /** The route table of §2: the permission each plan-gated route requires. */
  const ROUTE_PERMISSION: Partial<Record<PlanRoute, keyof typeof SHELL_PERMISSION_KEYS>> = {
    farms: 'farm.list',
    field: 'plot.view',
    sowings: 'sowing.view',
    execucao: 'program.list',
    cultivares: 'variety.list',
    programas: 'planning.list',
    catalog: 'catalog.list',
    notes: 'note.list',
    performance: 'harvest.list',
    users: 'user.list',
  };

  it.each([0, 1, 2, 3, 4])(
    'at level %i, the account administrator holds the permission of every route the plan allows',
    (level) => {
      const keys = withShellKeys(at('CONTA', level), 'CONTA');
      for (const route of PLAN_ROUTES) {
        const needed = ROUTE_PERMISSION[route];
        if (needed && routeAccess(route, level) === 'allowed')
          expect({ route, has: keys.includes(needed) }).toEqual({ route, has: true });
      }
    },
  );
});

describe('the refusal key', () => {
  it('tells Full-plan users it is their permission, others their plan', () => {
    expect(missingPermissionKey(4)).toBe('plan.exception.no_permission');
    for (const level of [0, 1, 2, 3])
      expect(missingPermissionKey(level)).toBe('exception.action_unauthorized');
  });
});
