import { PageHeader } from '../../../ui/page-header/index.ts';
import { SectionEmpty } from '../../../ui/section/index.ts';

/** What a detail page shows when its link carried no code. */
export function MissingCode({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <main>
        <SectionEmpty>缺少代码，无法显示详情</SectionEmpty>
      </main>
    </>
  );
}
