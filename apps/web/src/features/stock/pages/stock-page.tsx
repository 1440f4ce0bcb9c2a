import { SetAlertButton } from '../../alert/index.ts';
import { StockContentSections } from '../../content/index.ts';
import { DiagnosisCard } from '../../screener/index.ts';
import { WatchlistButton } from '../../watchlist/index.ts';
import { MissingCode } from '../components/missing-code.tsx';
import { StockDetail } from '../components/stock-detail.tsx';
import { useCodeParam } from '../hooks/use-code-param.ts';

/** /stock?stockCode=600519.SH&i= — an A-share's detail (spec 1 §2). */
export default function StockPage() {
  const code = useCodeParam();
  if (!code) return <MissingCode title="个股详情" />;
  // Keyed by code so previous/next starts each stock with fresh tabs and folds.
  return (
    <>
      <StockDetail key={code} code={code} market="cn">
        <DiagnosisCard key={`diagnosis-${code}`} code={code} />
        <StockContentSections code={code} market="cn" />
      </StockDetail>
      <WatchlistButton code={code} />
      <SetAlertButton code={code} variant="dock" />
    </>
  );
}
