/** The codes of a comparison link (`codes=600519.SH,000858.SZ`), shared by the stock and fund comparisons. */
import { maxCompared, minCompared } from '@zhicai/contract';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

export { maxCompared, minCompared };

/** `codes` of a link: upper-cased, trimmed, duplicates and empties dropped, at most five kept. */
export function parseCodes(text: string | null | undefined): string[] {
  if (!text) return [];
  const codes = text
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
  return [...new Set(codes)].slice(0, maxCompared);
}

export function joinCodes(codes: readonly string[]): string {
  return codes.join(',');
}

/** The compared codes of the page's link. */
export function useCodesParam(): string[] {
  const [params] = useSearchParams();
  const text = params.get('codes');
  return useMemo(() => parseCodes(text), [text]);
}
