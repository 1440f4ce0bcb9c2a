import { toneArrow, toneOfShown } from '@zhicai/domain';
import { toneClassName } from '../../../../ui/quote/index.ts';
import { formatFlow } from '../connect-format.ts';

/** A net flow, red with ▲ for inflow and green with ▼ for outflow (spec: colour is not the only cue). */
export function FlowText({ value }: { value: number }) {
  const text = formatFlow(value);
  const tone = toneOfShown(value, text);
  return (
    <span className={toneClassName(tone)} data-tone={tone}>
      {toneArrow[tone]}
      {text}
    </span>
  );
}
