import { noticeTypes } from '@zhicai/contract';
import { useSearchParams } from 'react-router';
import { PageHeader, useRouteTitle } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { useNoticeList } from '../api/notice-list.ts';
import { NoticeItems } from '../components/content-items.tsx';
import { CursorList, FilterChips } from '../components/cursor-list.tsx';
import { useChoiceParam } from '../hooks/use-choice-param.ts';

/**
 * /noticeList?code=&type= (a stock's, or the market's without code), /stockNotice?stockCode= and
 * /stockNoticeHK?stockCode= (the detail pages' 更多): announcements newest first, by type, by cursor.
 */
export default function NoticeListPage() {
  const routeTitle = useRouteTitle('公告');
  const [params] = useSearchParams();
  const code = params.get('code') ?? params.get('stockCode') ?? undefined;
  const [type, setType] = useChoiceParam('type', noticeTypes);
  const query = useNoticeList(code || undefined, type);
  const name = query.data?.pages[0]?.list[0]?.stockName;
  return (
    <>
      <PageHeader title={code ? `${name ?? code} 公告` : routeTitle} />
      <PullToRefresh onRefresh={() => query.refetch()}>
        <main className="content-page">
          <FilterChips label="公告类型" options={noticeTypes} value={type} onChange={setType} />
          <CursorList query={query} emptyText="暂无公告" errorText="公告加载失败">
            {(items) => <NoticeItems items={items} withStock={!code} label="公告列表" />}
          </CursorList>
        </main>
      </PullToRefresh>
    </>
  );
}
