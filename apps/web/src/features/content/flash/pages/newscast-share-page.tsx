import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { QueryStates, SectionEmpty } from '../../../../ui/section/index.ts';
import { useFlash } from '../api/news-get.ts';
import { FlashShareCard } from '../components/flash-share-card.tsx';
import { flashIdOf } from '../flash-id.ts';
import '../flash.css';

/** /newscastShare?id= (spec 2 §2.2): a flash as its share card, for a screenshot or a forward. */
export default function NewscastSharePage() {
  const [params] = useSearchParams();
  const id = flashIdOf(params.get('id'));
  const flash = useFlash(id);
  return (
    <>
      <PageHeader title="快讯分享" />
      <main className="flash-page flash-page--share">
        {id === null ? (
          <SectionEmpty>快讯不存在</SectionEmpty>
        ) : (
          <QueryStates query={flash} skeletonLines={5} errorText="快讯加载失败">
            {(data) => <FlashShareCard flash={data} />}
          </QueryStates>
        )}
      </main>
    </>
  );
}
