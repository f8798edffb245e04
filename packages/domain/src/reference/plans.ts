/** Subscription tiers by priority level. Freemium is level 0 and is also recognised by its id 5. */
export const PLAN_LEVELS = { freemium: 0, light: 1, pro: 2, lavoura: 3, full: 4 } as const;
export type PlanLevel = (typeof PLAN_LEVELS)[keyof typeof PLAN_LEVELS];

export const FREEMIUM_PLAN_ID = 5;

export interface PlanReference {
  id: number;
  name: string;
  priority_level: PlanLevel;
  message_key: string;
}

export const PLANS: readonly PlanReference[] = [
  { id: 1, name: 'Light', priority_level: 1, message_key: 'plan.light' },
  { id: 2, name: 'Pro', priority_level: 2, message_key: 'plan.pro' },
  { id: 3, name: 'Lavoura', priority_level: 3, message_key: 'plan.lavoura' },
  { id: 4, name: 'Full', priority_level: 4, message_key: 'plan.full' },
  { id: FREEMIUM_PLAN_ID, name: 'Freemium', priority_level: 0, message_key: 'plan.freemium' },
];

export function isFreemium(plan: { id: number; priority_level: number }): boolean {
  return plan.id === FREEMIUM_PLAN_ID || plan.priority_level === PLAN_LEVELS.freemium;
}

/** The priority level of a plan id (Freemium for an unknown id). */
export function planLevelOfId(planId: number): PlanLevel {
  return PLANS.find((plan) => plan.id === planId)?.priority_level ?? PLAN_LEVELS.freemium;
}
