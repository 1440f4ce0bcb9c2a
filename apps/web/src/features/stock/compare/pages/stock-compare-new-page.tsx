import { minCompared, NeedCodes, useCodesParam } from '../../../../ui/compare-table/index.ts';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { StockCompareView } from '../components/stock-compare-view.tsx';
import '../components/compare.css';

/** /stockCompareNew?codes=…: 个股对比 with the same rows in sections (行情, 估值, 盈利, 成长, 财务). */
export default function StockCompareNewPage() {
  const codes = useCodesParam();
  return (
    <>
      <PageHeader title="个股对比" />
      <main className="compare-page">
        {codes.length < minCompared ? (
          <NeedCodes type="stock" codes={codes} />
        ) : (
          <StockCompareView codes={codes} layout="sections" />
        )}
      </main>
    </>
  );
}
