import { describe, expect, it } from 'vitest';
import { showsIntegralPrompt } from './integral-prompt-rules.ts';

describe('integral prompt (spec 1 §2)', () => {
  it('shows for a signed-in user who has not checked in, outside the native app', () => {
    expect(showsIntegralPrompt({ signedIn: true, inNativeApp: false, hasSign: false })).toBe(true);
  });

  it('hides after check-in, inside the app, for visitors and while the answer is pending', () => {
    expect(showsIntegralPrompt({ signedIn: true, inNativeApp: false, hasSign: true })).toBe(false);
    expect(showsIntegralPrompt({ signedIn: true, inNativeApp: true, hasSign: false })).toBe(false);
    expect(showsIntegralPrompt({ signedIn: false, inNativeApp: false, hasSign: false })).toBe(false);
    expect(showsIntegralPrompt({ signedIn: true, inNativeApp: false, hasSign: undefined })).toBe(false);
  });
});
