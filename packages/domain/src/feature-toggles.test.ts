import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_TOGGLES, isFeatureOn } from './feature-toggles.ts';

describe('feature toggles', () => {
  it("is on only for the exact text 'true'", () => {
    expect(isFeatureOn({ white_mold: 'true' }, 'white_mold')).toBe(true);
    for (const text of ['TRUE', 'True', ' true', '1', 'yes', 'on', '', 'false']) {
      expect(isFeatureOn({ white_mold: text }, 'white_mold')).toBe(false);
    }
  });

  it('treats an unknown toggle as off', () => {
    expect(isFeatureOn({}, 'never_heard_of')).toBe(false);
  });

  it('ships the spec’s defaults', () => {
    expect(isFeatureOn(DEFAULT_FEATURE_TOGGLES, 'white_mold')).toBe(true);
    expect(isFeatureOn(DEFAULT_FEATURE_TOGGLES, 'last_spray_feedback')).toBe(true);
    expect(isFeatureOn(DEFAULT_FEATURE_TOGGLES, 'seeding')).toBe(true);
    expect(isFeatureOn(DEFAULT_FEATURE_TOGGLES, 'debug_bar')).toBe(false);
    expect(isFeatureOn(DEFAULT_FEATURE_TOGGLES, 'mock_api')).toBe(false);
  });
});
