import { minCompared, NeedCodes, useCodesParam } from '../../../../ui/compare-table/index.ts';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { StockCompareView } from '../components/stock-compare-view.tsx';
import '../components/compare.css';

/** /stockCompare?codes=…: 个股对比 as one side-by-side table. */
export default function StockComparePage() {
  const codes = useCodesParam();
  return (
    <>
      <PageHeader title="个股对比" />
      <main className="compare-page">
        {codes.length < minCompared ? (
          <NeedCodes type="stock" codes={codes} />
        ) : (
          <StockCompareView codes={codes} layout="table" />
        )}
      </main>
    </>
  );
}
