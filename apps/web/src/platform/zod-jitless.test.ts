import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './zod-jitless.ts';

describe('zod-jitless', () => {
  it('turns off the parsers zod would compile with new Function', () => {
    expect(z.config().jitless).toBe(true);
  });
});
