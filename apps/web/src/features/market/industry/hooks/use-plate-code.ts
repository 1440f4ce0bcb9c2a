import { useSearchParams } from 'react-router';

/** The `code` query of a plate page (801080.ZSI, 884160.WI), upper case, or null when absent. */
export function usePlateCode(): string | null {
  const [params] = useSearchParams();
  const code = params.get('code')?.trim().toUpperCase();
  return code ? code : null;
}
