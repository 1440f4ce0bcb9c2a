import { useSearchParams } from 'react-router';

/** The `stockCode` query of a detail page, upper case, or null when absent. */
export function useCodeParam(): string | null {
  const [searchParams] = useSearchParams();
  const code = searchParams.get('stockCode')?.trim().toUpperCase();
  return code ? code : null;
}
