import { minCompared, NeedCodes, useCodesParam } from '../../../../ui/compare-table/index.ts';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { FundCompareView } from '../components/fund-compare-view.tsx';
import '../components/fund-compare.css';

/** /fundCompare?codes=…: 基金对比 of 2–5 funds. */
export default function FundComparePage() {
  const codes = useCodesParam();
  return (
    <>
      <PageHeader title="基金对比" />
      <main className="fund-compare-page">
        {codes.length < minCompared ? (
          <NeedCodes type="fund" codes={codes} />
        ) : (
          <FundCompareView codes={codes} />
        )}
      </main>
    </>
  );
}
