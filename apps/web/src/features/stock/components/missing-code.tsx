import { PageHeader } from '../../../ui/page-header/index.ts';
import './detail-section.css';

/** What a detail page shows when its link carried no code. */
export function MissingCode({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <main className="detail-section__state">
        <p className="detail-section__state-text">缺少代码，无法显示详情</p>
      </main>
    </>
  );
}
