import { describe, expect, it } from 'vitest';
import { ROUTE_ACCESS_BY_LEVEL, SHELL_PERMISSION_KEYS } from '@lavoura/domain';
import {
  PLAN_REFUSED_KEY,
  PROFILE_REFUSED_KEY,
  decideNavigation,
  type GuardInput,
  type GuardUser,
} from './navigation-guard';

/** Every shell key the routes ask for: a user who lacks nothing but what a test removes. */
const ALL_KEYS = Object.keys(SHELL_PERMISSION_KEYS);

function user(
  level: number,
  overrides: Partial<GuardUser> & { country?: number; profile?: string } = {},
): GuardUser {
  return {
    is_admin: overrides.is_admin ?? false,
    user_profile: { uid: overrides.profile ?? 'FARM' },
    plan: { priority_level: level },
    account: { country_id: overrides.country ?? 1 },
  };
}

function decide(pathname: string, input: Partial<GuardInput> = {}) {
  const [path = '', query] = pathname.split('?');
  return decideNavigation({
    pathname: path,
    search: query ? `?${query}` : '',
    signedIn: true,
    user: user(4),
    permissions: ALL_KEYS,
    previous: null,
    ...input,
  });
}

const UNAUTHORIZED = 'exception.action_unauthorized';

/**
 * Every level and route of the shared plan table (its agreement with spec §4 is pinned in
 * packages/domain's route-access tests); here: the guard turns each answer into the right decision.
 * Sign-in and activation are guest pages, decided by earlier steps.
 */
const planCases = Object.entries(ROUTE_ACCESS_BY_LEVEL).flatMap(([level, table]) =>
  Object.entries(table)
    .filter(([route]) => route !== 'login' && route !== 'account/activate')
    .map(([route, access]) => ({ level: Number(level), route, access })),
);

describe('navigation guard, in the order of the spec', () => {
  describe('(1) a token in the URL', () => {
    it('is removed from the address and ignored, keeping the rest of the query', () => {
      expect(decide('/field?plot_id=3&token=abc.def&fazenda_id=7', { signedIn: false })).toEqual({
        kind: 'redirect',
        to: '/field?plot_id=3&fazenda_id=7',
      });
    });

    it('comes before every other step, and never makes a session', () => {
      expect(decide('/login?token=new', { signedIn: false })).toEqual({
        kind: 'redirect',
        to: '/login',
      });
      // Once removed, the page is decided as for anyone without a session.
      expect(decide('/my_farm', { signedIn: false })).toEqual({ kind: 'redirect', to: '/login' });
    });
  });

  describe('(2) activation and the weekly digest', () => {
    it('keeps the weekly digest’s own token (the link’s access, not a session)', () => {
      expect(
        decide('/weekly-digest?token=abc.def', { signedIn: false, user: null, permissions: null }),
      ).toEqual({
        kind: 'allow',
      });
    });

    it.each(['/account/activate?email=a@b.c&code=123456', '/weekly-digest?token_id=1', '/terms'])(
      '%s passes with or without a session',
      (path) => {
        expect(decide(path, { signedIn: false, user: null, permissions: null })).toEqual({
          kind: 'allow',
        });
        expect(decide(path, { user: user(0), permissions: [] })).toEqual({ kind: 'allow' });
      },
    );
  });

  describe('(3) no session', () => {
    it.each(['/my_farm', '/', '/users', '/field?plot_id=2', '/no/such/page', '/change-password'])(
      '%s goes to /login',
      (path) => {
        const decision = decide(path, { signedIn: false, user: null, permissions: null });
        expect(decision).toMatchObject({ kind: 'redirect', to: '/login' });
      },
    );

    it('remembers the page the user wanted, except the home page', () => {
      expect(decide('/users?x=1', { signedIn: false })).toEqual({
        kind: 'redirect',
        to: '/login',
        from: '/users?x=1',
      });
      expect(decide('/my_farm', { signedIn: false })).toEqual({ kind: 'redirect', to: '/login' });
    });

    it.each(['/login', '/signup'])('stays on %s', (path) => {
      expect(decide(path, { signedIn: false, user: null, permissions: null })).toEqual({
        kind: 'allow',
      });
    });
  });

  describe('(4) a session on a page that is not for signed-in users', () => {
    it.each(['/login', '/signup'])('%s goes to /my_farm', (path) => {
      expect(decide(path, { user: null, permissions: null })).toEqual({
        kind: 'redirect',
        to: '/my_farm',
      });
    });

    it('does not send the /reports/ pages away', () => {
      expect(decide('/reports/programa')).toEqual({ kind: 'allow' });
      expect(decide('/reports/season-report', { user: user(0) })).toMatchObject({
        kind: 'blocked',
      });
    });
  });

  describe('(5) the plan', () => {
    it.each(planCases)(
      'level $level: /$route is $access',
      ({ level, route, access }: { level: number; route: string; access: string }) => {
        const path = `/${route}`;
        const member = decide(path, { user: user(level) });
        const admin = decide(path, { user: user(level, { is_admin: true }) });
        if (access === 'allowed') {
          expect(member).toEqual({ kind: 'allow' });
          expect(admin).toEqual({ kind: 'allow' });
        } else if (access === 'upsell') {
          const admin = decide(path, { user: user(level, { is_admin: true, profile: 'CONTA' }) });
          expect(admin).toEqual({ kind: 'upsell', route });
          // An agronomist on the plan's account: the plan is the reason, told with who can change it.
          expect(member).toEqual({
            kind: 'blocked',
            reason: 'upsell',
            messageKey: PLAN_REFUSED_KEY,
          });
        } else {
          for (const decision of [member, admin]) {
            expect(decision).toEqual({
              kind: 'blocked',
              reason: 'disabled',
              messageKey: UNAUTHORIZED,
            });
          }
        }
      },
    );

    it('waits for the user before deciding a plan route', () => {
      expect(decide('/users', { user: null })).toEqual({ kind: 'wait', for: 'user' });
    });

    it('tells a refusal by profile, which no plan lifts, from a refusal by plan', () => {
      // A reseller consultant's profile never sees users: no plan would help, only the admin.
      expect(decide('/users', { user: user(2, { profile: 'CON_REV' }) })).toEqual({
        kind: 'blocked',
        reason: 'permission',
        messageKey: PROFILE_REFUSED_KEY,
      });
      // A Pro research user may list users on the Full plan: the plan is the reason, and they
      // are told that only the account administrator can change it.
      expect(decide('/users', { user: user(2, { profile: 'PESQUISA' }) })).toEqual({
        kind: 'blocked',
        reason: 'upsell',
        messageKey: PLAN_REFUSED_KEY,
      });
    });

    it('checks the plan before the permission', () => {
      // Freemium has no sowing permission because of its plan: the offer comes first.
      expect(
        decide('/sowings', { user: user(0, { is_admin: true }), permissions: ['farm.list'] }),
      ).toEqual({ kind: 'upsell', route: 'sowings' });
    });

    it('treats / as my farm', () => {
      expect(decide('/', { user: user(0) })).toEqual({ kind: 'allow' });
    });
  });

  describe('(6) the route permission', () => {
    const table: [string, string][] = [
      ['/farms', 'farm.list'],
      ['/field', 'plot.view'],
      ['/sowings', 'sowing.view'],
      ['/execucao', 'program.list'],
      ['/cultivares', 'variety.list'],
      ['/programas', 'planning.list'],
      ['/catalog?category=fungicide', 'catalog.list'],
      ['/notes', 'note.list'],
      ['/performance', 'harvest.list'],
      ['/dashboard-linkage', 'linkage'],
      ['/users', 'user.list'],
    ];

    it.each(table)('%s needs %s', (path, key) => {
      const without = ALL_KEYS.filter((item) => item !== key);
      expect(decide(path)).toEqual({ kind: 'allow' });
      // On the Full plan, a missing permission is the profile's.
      expect(decide(path, { permissions: without })).toEqual({
        kind: 'blocked',
        reason: 'permission',
        messageKey: PROFILE_REFUSED_KEY,
      });
      expect(decide(path, { permissions: null })).toEqual({ kind: 'wait', for: 'permissions' });
    });

    it('below the Full plan, tells a permission the plan withholds from one the profile lacks', () => {
      // The agronomist's profile lists farms on the Full plan: the plan is the reason.
      expect(decide('/farms', { user: user(2), permissions: [] })).toEqual({
        kind: 'blocked',
        reason: 'upsell',
        messageKey: PLAN_REFUSED_KEY,
      });
      expect(
        decide('/farms', { user: user(2, { is_admin: true, profile: 'CONTA' }), permissions: [] }),
      ).toEqual({ kind: 'upsell' });
      // On the Full plan a reseller consultant still lacks users: that is the profile.
      expect(decide('/users', { user: user(4, { profile: 'CON_REV' }), permissions: [] })).toEqual({
        kind: 'blocked',
        reason: 'permission',
        messageKey: PROFILE_REFUSED_KEY,
      });
    });

    it.each(['/my_farm', '/profile', '/comparacao', '/integrations', '/change-password'])(
      '%s needs no permission',
      (path) => {
        expect(decide(path, { permissions: [] })).toEqual({ kind: 'allow' });
      },
    );
  });

  describe('(7) my farm and payment', () => {
    it('carries the fazenda_id of the page the user comes from to /my_farm', () => {
      const previous = { pathname: '/field', search: '?plot_id=3&fazenda_id=7' };
      expect(decide('/my_farm', { previous })).toEqual({
        kind: 'redirect',
        to: '/my_farm?fazenda_id=7',
      });
      expect(decide('/my_farm?fazenda_id=9', { previous })).toEqual({ kind: 'allow' });
      expect(decide('/my_farm', { previous: { pathname: '/notes', search: '' } })).toEqual({
        kind: 'allow',
      });
    });

    it('opens /payment in Brazil only', () => {
      expect(decide('/payment', { user: user(1) })).toEqual({ kind: 'allow' });
      for (const country of [2, 3]) {
        expect(decide('/payment?plan_priority=1', { user: user(1, { country }) })).toEqual({
          kind: 'blocked',
          reason: 'country',
          messageKey: UNAUTHORIZED,
        });
      }
    });
  });

  it('lets a signed-in user reach the not-found page', () => {
    expect(decide('/no/such/page')).toEqual({ kind: 'allow' });
  });
});
