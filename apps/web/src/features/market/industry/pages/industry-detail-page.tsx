import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { DemoDataBadge } from '../../../../ui/quote/index.ts';
import { MissingCode, useInstrumentRefresh } from '../../../stock/index.ts';
import { usePlateDetail } from '../api/plate-detail.ts';
import { NotAPlate } from '../components/not-a-plate.tsx';
import { PlateOverview, usePlateQuote } from '../components/plate-overview.tsx';
import { usePlateCode } from '../hooks/use-plate-code.ts';
import { isPlateCode } from '../industry-rules.ts';
import '../components/industry.css';

/** /IndustryDetail?code=801080.ZSI — 行业详情 (a concept plate opens here too). */
export default function IndustryDetailPage() {
  const code = usePlateCode();
  if (!code) return <MissingCode title="行业详情" />;
  if (!isPlateCode(code)) return <NotAPlate title="行业详情" code={code} />;
  return <IndustryDetail key={code} code={code} />;
}

function IndustryDetail({ code }: { code: string }) {
  const live = usePlateQuote(code);
  const detail = usePlateDetail(code);
  const refresh = useInstrumentRefresh(code, live.refresh);
  const name = live.quotes.get(code)?.name ?? detail.data?.plate.name;
  const group = detail.data?.group;
  return (
    <>
      <PageHeader title={name ?? '行业详情'} right={<DemoDataBadge />} />
      <PullToRefresh onRefresh={refresh}>
        <main className="industry-detail">
          <nav className="industry-links industry-links--bar" aria-label="行业相关">
            <Link to={href('IndustryAnalysis', { code })}>行业分析</Link>
            {group ? (
              <Link to={href('IndustryGroupDetail', { group: group.code })}>{group.name}分组</Link>
            ) : null}
          </nav>
          <PlateOverview code={code} live={live} />
        </main>
      </PullToRefresh>
    </>
  );
}
