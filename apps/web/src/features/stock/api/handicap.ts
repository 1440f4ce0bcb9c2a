import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';

export type Handicap = EndpointData<'stock.handicap'>;

/** The 盘口 of a share or exchange fund: 五档, 委比, 内外盘, 量比, 52周 range (GET /api/v3/details/handicap). */
export function handicapQueryOptions(code: string) {
  return endpointQuery('stock.handicap', { code }, { staleTime: 0 });
}

/**
 * The 盘口 of the quote the header shows. The book is derived from the live quote, so it is asked
 * for again whenever a tick moves the quote (`quoteTime`), and the header and the book change
 * together; the previous book stays on screen until the new one arrives.
 */
export function useHandicap(code: string, quoteTime: number | undefined) {
  const query = useQuery({ ...handicapQueryOptions(code), enabled: quoteTime !== undefined });
  const { refetch, data } = query;
  // Asked once per tick: a server that has not seen the tick yet is not asked again in a loop.
  const askedFor = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (quoteTime === undefined || !data || data.time >= quoteTime || askedFor.current === quoteTime) return;
    askedFor.current = quoteTime;
    void refetch();
  }, [quoteTime, data, refetch]);
  return query;
}
