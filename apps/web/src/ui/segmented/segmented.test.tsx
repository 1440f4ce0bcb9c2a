import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Segmented, SegmentedGroup, SegmentedItem } from './segmented.tsx';

const options = [
  { value: 'pe', label: '市盈率' },
  { value: 'pb', label: '市净率' },
] as const;

describe('Segmented', () => {
  it('is a named group whose chosen item is pressed', () => {
    render(<Segmented label="估值指标" options={options} value="pb" onChange={() => undefined} />);
    const group = screen.getByRole('group', { name: '估值指标' });
    const pressed = within(group)
      .getAllByRole('button')
      .map((button) => [button.textContent, button.getAttribute('aria-pressed')]);
    expect(pressed).toEqual([
      ['市盈率', 'false'],
      ['市净率', 'true'],
    ]);
  });

  it('reports the choice, and a second press of the chosen item too (a sort order turns on it)', () => {
    const onChange = vi.fn();
    render(<Segmented label="估值指标" options={options} value="pe" onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: '市净率' }));
    fireEvent.click(screen.getByRole('button', { name: '市盈率' }));
    expect(onChange.mock.calls).toEqual([['pb'], ['pe']]);
  });
});

describe('SegmentedGroup and SegmentedItem', () => {
  it('let several items be pressed at once (indicator toggles)', () => {
    render(
      <SegmentedGroup label="指标">
        <SegmentedItem pressed onClick={() => undefined}>
          MA
        </SegmentedItem>
        <SegmentedItem pressed={false} onClick={() => undefined}>
          VOL
        </SegmentedItem>
        <SegmentedItem pressed onClick={() => undefined}>
          MACD
        </SegmentedItem>
      </SegmentedGroup>,
    );
    const pressed = screen.getAllByRole('button', { pressed: true }).map((button) => button.textContent);
    expect(pressed).toEqual(['MA', 'MACD']);
  });
});
