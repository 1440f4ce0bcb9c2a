import { PageHeader } from '../../../../ui/page-header/index.ts';
import { SectionEmpty } from '../../../../ui/section/index.ts';

/** What a plate page shows when its link names no industry or concept (a stock's code, a typo). */
export function NotAPlate({ title, code }: { title: string; code: string }) {
  return (
    <>
      <PageHeader title={title} />
      <main className="industry-page">
        <SectionEmpty>{code} 不是行业或概念板块</SectionEmpty>
      </main>
    </>
  );
}
