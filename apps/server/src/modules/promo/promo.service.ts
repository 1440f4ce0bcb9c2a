import type { TempPopup } from '@zhicai/contract';
import type { PromoRepository } from './promo.repository.ts';

export function createPromoService(repository: PromoRepository, clock: () => Date) {
  return {
    /** spec 1 §2 "Activity popup": the activity running now on a tab page, or null. */
    async activePopup(page: string): Promise<TempPopup | null> {
      const row = await repository.findActivePopup(page, clock().toISOString());
      return row ? { id: row.id, activityImg: row.activity_img, url: row.url } : null;
    },
  };
}

export type PromoService = ReturnType<typeof createPromoService>;
