import { useSearchParams } from 'react-router';
import { minCompared, NeedCodes, useCodesParam } from '../../../../ui/compare-table/index.ts';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { FundCompareView } from '../../../fund/index.ts';
import { StockCompareView } from '../components/stock-compare-view.tsx';
import '../components/compare.css';

/** /compare-result?type=stock|fund&codes=…: what 对比搜索 chose, as the stock or fund comparison. */
export default function CompareResultPage() {
  const [params] = useSearchParams();
  const type = params.get('type') === 'fund' ? 'fund' : 'stock';
  const codes = useCodesParam();
  return (
    <>
      <PageHeader title="对比结果" />
      <main className="compare-page">
        {codes.length < minCompared ? (
          <NeedCodes type={type} codes={codes} />
        ) : type === 'fund' ? (
          <FundCompareView codes={codes} />
        ) : (
          <StockCompareView codes={codes} layout="table" />
        )}
      </main>
    </>
  );
}
