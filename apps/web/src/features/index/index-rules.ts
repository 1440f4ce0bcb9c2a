import { formatPercent } from '@zhicai/domain';

/** The SW level-1 bars: heaviest first, each bar's length relative to the heaviest. */
export function industryBars(items: readonly { code: string; name: string; weight: number }[]) {
  const sorted = [...items]
    .filter((item) => Number.isFinite(item.weight))
    .sort((a, b) => b.weight - a.weight);
  const top = sorted[0]?.weight ?? 0;
  return sorted.map((item) => ({
    code: item.code,
    name: item.name,
    // swMap weights are percents on the wire (12.5 = 12.5%).
    text: formatPercent(item.weight / 100, { sign: false }),
    share: top > 0 ? Math.max(0, item.weight) / top : 0,
  }));
}

/** A constituent's weight, a fraction on the wire, as a percent. */
export function formatWeight(weight: number | null): string {
  return formatPercent(weight, { sign: false });
}
