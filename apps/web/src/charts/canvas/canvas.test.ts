import { describe, expect, it } from 'vitest';
import { fallbackPalette, schemeToneColors, type ToneColors, toneColor } from './canvas.ts';

// Vitest hands CSS imports over empty, and the web project has no Node types, so the stylesheet is
// read with Node's own fs, reached through process.getBuiltinModule (Node 20.16+).
interface NodeFs {
  readFileSync(path: string, encoding: 'utf8'): string;
}
const fs = (
  globalThis as unknown as { process: { getBuiltinModule(id: 'node:fs'): NodeFs } }
).process.getBuiltinModule('node:fs');
// A path, not the URL: jsdom's URL class is not the one Node's fs accepts. The test's own URL is
// held in a variable so Vite does not rewrite `new URL(…, import.meta.url)` into an asset path.
const testFile = import.meta.url;
const stylesheet = decodeURIComponent(new URL('../../app/styles/global.css', testFile).pathname);
const globalCss = fs.readFileSync(stylesheet, 'utf8');

/** The value of a custom property in a block of CSS declarations. */
function variable(block: string, name: string): string | undefined {
  return new RegExp(`${name}:\\s*([^;]+);`).exec(block)?.[1]?.trim().toLowerCase();
}

const lightBlock = globalCss.slice(globalCss.indexOf(':root'), globalCss.indexOf('@media'));
const darkBlock = globalCss.slice(globalCss.indexOf('@media (prefers-color-scheme: dark)'));

describe('schemeToneColors', () => {
  it.each([
    ['light', lightBlock],
    ['dark', darkBlock],
  ] as const)('are the %s colours of app/styles/global.css', (scheme, block) => {
    expect(schemeToneColors[scheme]).toEqual({
      up: variable(block, '--color-up'),
      down: variable(block, '--color-down'),
      flat: variable(block, '--color-flat'),
    });
  });

  it('fall back to the light stylesheet colours when no CSS can be read', () => {
    expect(fallbackPalette).toMatchObject(schemeToneColors.light);
  });
});

describe('toneColor: the one mapping from tone to canvas colour', () => {
  const colors: ToneColors = { up: 'red', down: 'green', flat: 'grey' };

  it.each([
    ['up is red', 'up', 'red'],
    ['down is green', 'down', 'green'],
    ['flat is grey', 'flat', 'grey'],
    ['none (a missing figure) is grey like flat', 'none', 'grey'],
  ] as const)('%s', (_name, tone, color) => {
    expect(toneColor(colors, tone)).toBe(color);
  });
});
