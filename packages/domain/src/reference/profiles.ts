/** User profiles (roles inside an account). Ids 2, 3, 4, 14 and 15 are the spec's. */
export const PROFILE_IDS = {
  ADMIN: 1,
  CONTA: 2,
  FARM: 3,
  ASSISTENTE_TECNICO: 4,
  FINANCEIRO: 5,
  COMERCIAL: 6,
  ADM_CORP: 7,
  VEND_CORP: 8,
  VEND_DGF: 9,
  TEC_DGF: 10,
  CON_REV: 14,
  PESQUISA: 15,
} as const;

export type ProfileUid = keyof typeof PROFILE_IDS;

export interface ProfileReference {
  id: number;
  uid: ProfileUid;
  message_key: string;
  /** Administrator profiles see every farm of the account; others only their assigned farms. */
  all_farms: boolean;
  /** The company's own staff (back office); never assigned by a customer. */
  internal: boolean;
}

const INTERNAL: readonly ProfileUid[] = [
  'ADMIN',
  'FINANCEIRO',
  'COMERCIAL',
  'ADM_CORP',
  'VEND_CORP',
  'VEND_DGF',
  'TEC_DGF',
];

export const PROFILES: readonly ProfileReference[] = (
  Object.entries(PROFILE_IDS) as [ProfileUid, number][]
).map(([uid, id]) => ({
  id,
  uid,
  message_key: `profile.${uid.toLowerCase()}`,
  all_farms: uid === 'ADMIN' || uid === 'CONTA',
  internal: INTERNAL.includes(uid),
}));
