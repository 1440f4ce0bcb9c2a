import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { QueryStates } from '../../../../ui/section/index.ts';
import { useBannerList } from '../api/banner-list.ts';
import { RichText } from '../components/rich-text.tsx';
import { idParam } from './article-page.tsx';
import './article-pages.css';

/** /activityPage?id=: the page a banner opens, with its image and sanitised text. */
export default function ActivityPage() {
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const banners = useBannerList();
  const banner = banners.data?.find((candidate) => candidate.id === id);

  return (
    <>
      <PageHeader title={banner?.title ?? '活动'} />
      <PullToRefresh onRefresh={() => banners.refetch()}>
        <main className="article-page">
          <QueryStates
            query={banners}
            skeletonLines={6}
            errorText="活动加载失败"
            isEmpty={(list) => !list.some((candidate) => candidate.id === id && candidate.body !== '')}
            emptyText="活动已结束或不存在"
          >
            {(list) => {
              const shown = list.find((candidate) => candidate.id === id);
              return shown ? (
                <article className="activity" aria-label={shown.title}>
                  <img className="activity__image" src={shown.image} alt={shown.title} />
                  <RichText html={shown.body} className="article-detail__body" />
                </article>
              ) : null;
            }}
          </QueryStates>
        </main>
      </PullToRefresh>
    </>
  );
}
