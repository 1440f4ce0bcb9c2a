import { contentArticleEndpoints } from './content-article.ts';
import { defineGroup } from './endpoint.ts';

export * from './content-article.ts';

import { contentFlashEndpoints } from './content-flash.ts';

export * from './content-flash.ts';

import { contentNoticeEndpoints } from './content-notice.ts';

export * from './content-notice.ts';

/**
 * News and content (spec 2 §2.2 "Articles and content", spec 2 §7.3 "Content and community"): the
 * 7×24 flashes, articles and columns, daily and weekly papers, banners, announcements and research
 * reports. The group is one contract group; its parts are written in their own files
 * (`content-<part>.ts`) and joined here, so each part's schemas sit beside its endpoints.
 */
export const contentEndpoints = defineGroup('content', {
  ...contentArticleEndpoints,
  ...contentFlashEndpoints,
  ...contentNoticeEndpoints,
});
