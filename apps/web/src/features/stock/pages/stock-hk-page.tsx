import { SetAlertButton } from '../../alert/index.ts';
import { StockContentSections } from '../../content/index.ts';
import { WatchlistButton } from '../../watchlist/index.ts';
import { MissingCode } from '../components/missing-code.tsx';
import { StockDetail } from '../components/stock-detail.tsx';
import { useCodeParam } from '../hooks/use-code-param.ts';

/** /stockHk?stockCode=00700.HK&i= — a Hong Kong stock's detail (spec 1 §2; also spelled /stockHK). */
export default function StockHkPage() {
  const code = useCodeParam();
  if (!code) return <MissingCode title="港股详情" />;
  return (
    <>
      <StockDetail key={code} code={code} market="hk">
        <StockContentSections code={code} market="hk" />
      </StockDetail>
      <WatchlistButton code={code} />
      <SetAlertButton code={code} variant="dock" />
    </>
  );
}
