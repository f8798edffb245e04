import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  COUNTRY_IDS,
  FREEMIUM_PLAN_ID,
  includedUsers,
  planLevelOfId,
  PROFILE_IDS,
  type Language,
  type ProfileUid,
} from '@lavoura/domain';
import { and, count, eq } from 'drizzle-orm';
import { hashPassword } from '../modules/auth/passwords.ts';
import type { Database } from './client.ts';
import { seedDemoFarms, type DemoMembership } from './demo-farms.ts';
import { seedDemoHarvests } from './demo-harvests.ts';
import { seedDemoParanaPrograms } from './demo-parana.ts';
import { seedDemoPrograms } from './demo-programs.ts';
import * as t from './schema.ts';

/** The session-signing secret: JWT_SECRET, else one generated once and kept under DATA_DIR. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The company's own account, home of the platform administrators (profile ADMIN). */
async function internalAccount(db: Database): Promise<number> {
  const [existing] = await db
    .select({ id: t.accounts.id })
    .from(t.accounts)
    .where(eq(t.accounts.internal, true));
  if (existing) return existing.id;
  const [created] = await db
    .insert(t.accounts)
    .values({
      name: 'Lavoura',
      countryId: COUNTRY_IDS.brazil,
      planId: 4,
      maxUsers: 50,
      internal: true,
    })
    .returning({ id: t.accounts.id });
  return created!.id;
}

/** ADMIN_EMAIL / ADMIN_PASSWORD: creates that administrator once (active, no forced change). */
export async function ensurePlatformAdmin(
  db: Database,
  admin: { email: string; password: string },
): Promise<boolean> {
  const [existing] = await db
    .select({ id: t.users.id })
    .from(t.users)
    .where(eq(t.users.email, admin.email));
  if (existing) return false;
  const accountId = await internalAccount(db);
  const [user] = await db
    .insert(t.users)
    .values({
      email: admin.email,
      name: 'Lavoura administrator',
      passwordHash: await hashPassword(admin.password),
      activatedAt: new Date(),
      language: 'pt',
    })
    .returning({ id: t.users.id });
  await db
    .insert(t.memberships)
    .values({ accountId, userId: user!.id, profileId: PROFILE_IDS.ADMIN });
  return true;
}

export const DEMO_PASSWORD = 'Lavoura2026';
const DEMO_PLANS = [
  { key: 'freemium', planId: FREEMIUM_PLAN_ID, name: 'Sítio Boa Vista (Freemium)' },
  { key: 'light', planId: 1, name: 'Fazenda Santa Rita (Light)' },
  { key: 'pro', planId: 2, name: 'Agropecuária Cerrado Verde (Pro)' },
  { key: 'lavoura', planId: 3, name: 'Grupo Três Rios (Lavoura)' },
  { key: 'full', planId: 4, name: 'Fazendas Reunidas Horizonte (Full)' },
] as const;
const DEMO_PROFILES: { uid: ProfileUid; name: string; language: Language }[] = [
  { uid: 'CONTA', name: 'Ana Souza', language: 'pt' },
  { uid: 'FARM', name: 'Bruno Lima', language: 'pt' },
  { uid: 'ASSISTENTE_TECNICO', name: 'Carla Mendes', language: 'pt' },
  { uid: 'CON_REV', name: 'Diego Ferreira', language: 'es' },
  { uid: 'PESQUISA', name: 'Emily Carter', language: 'en' },
];

export function demoEmail(plan: string, profile: ProfileUid): string {
  return `${profile.toLowerCase().replace('_', '-')}@${plan}.demo.lavoura.app`;
}

/**
 * Demo data for the embedded default (never in production): an account per plan level with one
 * user per customer profile, all with the password DEMO_PASSWORD, and a platform administrator
 * admin@demo.lavoura.app. The Full account's administrator also belongs to the Pro account, to show
 * the account switch. The Full and Pro accounts get farms and plots (./demo-farms.ts), the other
 * members seeing only those assigned to them; the Full account, sowings and spray programs
 * (./demo-programs.ts). Runs only on a database without customer accounts.
 */
export async function seedDemoData(db: Database): Promise<boolean> {
  const [customers] = await db
    .select({ n: count() })
    .from(t.accounts)
    .where(eq(t.accounts.internal, false));
  if ((customers?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [saoPaulo] = await db
    .select({ id: t.states.id })
    .from(t.states)
    .where(and(eq(t.states.countryId, COUNTRY_IDS.brazil), eq(t.states.code, 'SP')));
  const demo = await db.transaction(async (run) => {
    const accountIds = new Map<string, number>();
    const memberships: DemoMembership[] = [];
    for (const plan of DEMO_PLANS) {
      const [account] = await run
        .insert(t.accounts)
        .values({
          name: plan.name,
          countryId: COUNTRY_IDS.brazil,
          stateId: saoPaulo?.id ?? null,
          planId: plan.planId,
          maxUsers: includedUsers(planLevelOfId(plan.planId)),
          contractStart: plan.planId === FREEMIUM_PLAN_ID ? null : '2026-01-01',
          contractedArea: plan.planId === 4 ? 2500 : null,
        })
        .returning({ id: t.accounts.id });
      accountIds.set(plan.key, account!.id);
      for (const profile of DEMO_PROFILES) {
        const [user] = await run
          .insert(t.users)
          .values({
            email: demoEmail(plan.key, profile.uid),
            name: profile.name,
            passwordHash,
            language: profile.language,
            activatedAt: new Date(),
            // Each demo user first enters the account named after their plan (the Full
            // administrator's second account, Pro, would otherwise come first by name).
            lastAccountId: account!.id,
          })
          .returning({ id: t.users.id });
        const [membership] = await run
          .insert(t.memberships)
          .values({
            accountId: account!.id,
            userId: user!.id,
            profileId: PROFILE_IDS[profile.uid],
            jobTitleId: profile.uid === 'CONTA' ? 1 : profile.uid === 'PESQUISA' ? 8 : 4,
          })
          .returning({ id: t.memberships.id });
        memberships.push({
          account: plan.key,
          user: { plan: plan.key, profile: profile.uid },
          membershipId: membership!.id,
        });
      }
    }
    const [fullAdmin] = await run
      .select()
      .from(t.users)
      .where(eq(t.users.email, demoEmail('full', 'CONTA')));
    const [proMembership] = await run
      .insert(t.memberships)
      .values({
        accountId: accountIds.get('pro')!,
        userId: fullAdmin!.id,
        profileId: PROFILE_IDS.FARM,
      })
      .returning({ id: t.memberships.id });
    memberships.push({
      account: 'pro',
      user: { plan: 'full', profile: 'CONTA' },
      membershipId: proMembership!.id,
    });
    await seedDemoFarms(run, { accountIds, memberships });
    return { accountIds, memberships };
  });
  // After the farms are committed: the programs are written through the programs service.
  const full = demo.memberships.find(
    (m) => m.account === 'full' && m.user.plan === 'full' && m.user.profile === 'CONTA',
  )!;
  const [fullAdmin] = await db
    .select({ id: t.users.id })
    .from(t.users)
    .where(eq(t.users.email, demoEmail('full', 'CONTA')));
  const fullPlan = DEMO_PLANS.find((plan) => plan.key === 'full')!;
  const fullDemo = {
    accountId: demo.accountIds.get('full')!,
    userId: fullAdmin!.id,
    membershipId: full.membershipId,
    planLevel: planLevelOfId(fullPlan.planId),
  };
  await seedDemoPrograms(db, fullDemo);
  // Paraná: a white-mold program on soybean and a fusarium-head-blight one on wheat.
  await seedDemoParanaPrograms(db, fullDemo);
  // The previous season, harvested: what /performance shows.
  await seedDemoHarvests(db, { accountId: demo.accountIds.get('full')! });
  await ensurePlatformAdmin(db, { email: 'admin@demo.lavoura.app', password: DEMO_PASSWORD });
  return true;
}
