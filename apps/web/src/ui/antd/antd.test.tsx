import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button, Dialog } from './index.ts';

// Vitest hands CSS imports over empty, and the web project has no Node types, so stylesheets are
// read with Node's own fs, reached through process.getBuiltinModule (Node 20.16+).
interface NodeFs {
  readFileSync(path: string, encoding: 'utf8'): string;
}
const fs = (
  globalThis as unknown as { process: { getBuiltinModule(id: 'node:fs'): NodeFs } }
).process.getBuiltinModule('node:fs');
// Held in a variable so Vite does not rewrite `new URL(…, import.meta.url)` into an asset path.
const testFile = import.meta.url;
const read = (relative: string) =>
  fs.readFileSync(decodeURIComponent(new URL(relative, testFile).pathname), 'utf8');

const ourTheme = read('./antd.css');
const antdLight = read('../../../../../node_modules/antd-mobile/es/global/theme-default.css');
const antdDark = read('../../../../../node_modules/antd-mobile/es/global/theme-dark.css');

/** The --adm-color-* variables a stylesheet sets. */
const colorVariables = (css: string) => new Set(css.match(/--adm-color-[a-z-]+(?=:)/g) ?? []);

afterEach(() => {
  for (const style of document.head.querySelectorAll('style[data-test-theme]')) style.remove();
  document.documentElement.removeAttribute('data-prefers-color-scheme');
  Dialog.clear();
});

describe('antd-mobile theme (antd.css)', () => {
  it('maps every colour variable antd-mobile defines, light and dark, onto ours', () => {
    const ours = colorVariables(ourTheme);
    const missing = [...colorVariables(antdLight), ...colorVariables(antdDark)].filter(
      (name) => !ours.has(name),
    );
    expect(missing).toEqual([]);
  });

  it('themes a component with our variables: brand primary, red danger (up), green success (down)', () => {
    // antd-mobile's own stylesheets load after ours and dark mode is flagged its way: ours still wins.
    for (const css of [ourTheme, antdLight, antdDark]) {
      const style = document.createElement('style');
      style.dataset.testTheme = '';
      style.textContent = css;
      document.head.append(style);
    }
    document.documentElement.setAttribute('data-prefers-color-scheme', 'dark');
    render(<Button color="primary">开户</Button>);
    const button = screen.getByRole('button', { name: '开户' });
    expect(button.className).toContain('adm-button-primary');
    const style = getComputedStyle(button);
    expect(style.getPropertyValue('--adm-color-primary')).toBe('var(--color-brand)');
    expect(style.getPropertyValue('--adm-color-danger')).toBe('var(--color-up)');
    expect(style.getPropertyValue('--adm-color-success')).toBe('var(--color-down)');
    expect(style.getPropertyValue('--adm-color-background')).toBe('var(--color-surface)');
    expect(style.getPropertyValue('--adm-color-text')).toBe('var(--color-text)');
  });
});

describe('antd-mobile on React 19 (antd.ts)', () => {
  it('renders an imperative dialog through createRoot and closes it', async () => {
    let closed = false;
    act(() => {
      Dialog.alert({
        content: '开户资料已提交',
        confirmText: '知道了',
        onClose: () => {
          closed = true;
        },
      });
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('开户资料已提交');
    act(() => screen.getByRole('button', { name: '知道了' }).click());
    await waitFor(() => expect(closed).toBe(true));
  });
});

// The two tests below run in order: the first leaves a dialog open mid-animation, the second finds
// that test-setup.ts unmounted its root. Left mounted, such a root renders again after the file's
// jsdom is gone and fails a later file with "window is not defined".
describe('imperative roots between tests (test-setup.ts)', () => {
  it('leaves a confirm dialog closing when the test ends', async () => {
    act(() => {
      void Dialog.confirm({ content: '删除所选自选？' });
    });
    await screen.findByRole('dialog');
    act(() => screen.getByRole('button', { name: '确定' }).click());
  });

  it('starts the next test with no imperative root left in the document', () => {
    expect(document.body.querySelectorAll('.adm-dialog, .adm-mask')).toHaveLength(0);
    expect(document.body.childElementCount).toBe(0);
  });
});
