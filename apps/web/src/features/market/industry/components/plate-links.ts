import { href } from '@zhicai/contract';

/** Where a plate opens: 风口 rows open their 风口 page, every other plate its detail. */
export function plateHref(code: string, from: 'detail' | 'tuyere' = 'detail'): string {
  return from === 'tuyere' ? href('tuyereDetails', { code }) : href('IndustryDetail', { code });
}
