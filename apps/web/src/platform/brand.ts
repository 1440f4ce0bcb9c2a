import type { BrandMode } from '@zhicai/contract';
import { getRuntimeConfig } from './runtime-config.ts';

/** The brand name shown for each mode (spec 1 §1: one of two variants chosen by a mode check). */
export const brandNames: Record<BrandMode, string> = {
  zhicai: '知财',
  zhicaiPro: '知财Pro',
};

export function brandName(mode: BrandMode = getRuntimeConfig().brandMode): string {
  return brandNames[mode];
}

/** document.title for a page: the page title followed by the brand, or the brand alone. */
export function documentTitle(pageTitle: string | null, mode?: BrandMode): string {
  const brand = brandName(mode);
  return pageTitle ? `${pageTitle} - ${brand}` : brand;
}
