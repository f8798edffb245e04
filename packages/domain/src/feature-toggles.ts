/**
 * Feature toggles are settings written as text. Only the exact text 'true' turns one on: 'TRUE',
 * '1', 'yes' and unknown toggles are off.
 */
export const DEFAULT_FEATURE_TOGGLES = {
  tutorial: 'true',
  card_communication: 'true',
  suggestion: 'true',
  last_spray_feedback: 'true',
  seeding: 'true',
  white_mold: 'true',
  support_chat: 'true',
  push: 'true',
  session_replay: 'true',
  program_date_reporting: 'false',
  debug_bar: 'false',
  mock_api: 'false',
} as const satisfies Record<string, 'true' | 'false'>;

export type FeatureToggleName = keyof typeof DEFAULT_FEATURE_TOGGLES;

export function isFeatureOn(
  settings: Readonly<Record<string, string | undefined>>,
  name: string,
): boolean {
  return settings[name] === 'true';
}
