import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useLiveQuotes } from '../../../../platform/quotes/index.ts';
import { wechatShare } from '../../../../platform/wechat/index.ts';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { QueryStates, SectionEmpty } from '../../../../ui/section/index.ts';
import { useFlash } from '../api/news-get.ts';
import { FlashArticle } from '../components/flash-article.tsx';
import { flashIdOf } from '../flash-id.ts';
import { flashShareContent } from '../flash-share.ts';
import { useFlashShare } from '../hooks/use-flash-share.tsx';
import '../flash.css';

/**
 * /newscastCont?id= (spec 2 §2.2): one flash in full, with its instruments' live change, and 分享
 * (issue 17 item 9): inside WeChat the page's own share is the flash's card from the start, and the
 * share sheet offers its picture. Opened with `state=auth` it runs without the session init (spec 1 §4; the
 * shell's startup skips it), so a flash shared outside the app opens for anyone.
 */
export default function NewscastContPage() {
  const [params] = useSearchParams();
  const id = flashIdOf(params.get('id'));
  const flash = useFlash(id);
  const live = useLiveQuotes(flash.data?.instruments.map((instrument) => instrument.code) ?? []);
  const sharing = useFlashShare();
  const data = flash.data;
  useEffect(() => {
    // Outside WeChat this answers false and loads nothing.
    if (data) void wechatShare().setShare(flashShareContent(data, window.location.origin));
  }, [data]);
  return (
    <>
      <PageHeader
        title="快讯详情"
        right={
          data ? (
            <button type="button" className="flash-header-share" onClick={() => sharing.share(data)}>
              分享
            </button>
          ) : null
        }
      />
      <PullToRefresh onRefresh={() => flash.refetch()}>
        <main className="flash-page flash-page--detail">
          {id === null ? (
            <SectionEmpty>快讯不存在</SectionEmpty>
          ) : (
            <QueryStates query={flash} skeletonLines={5} errorText="快讯加载失败">
              {(data) => <FlashArticle flash={data} quotes={live.quotes} />}
            </QueryStates>
          )}
        </main>
      </PullToRefresh>
      {sharing.sheet}
    </>
  );
}
