import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { DemoDataBadge } from '../../../../ui/quote/index.ts';
import { QuerySection } from '../../../../ui/section/index.ts';
import { MissingCode, useInstrumentRefresh } from '../../../stock/index.ts';
import { usePlateDetail } from '../api/plate-detail.ts';
import { MomentumFigures } from '../components/momentum-figures.tsx';
import { NotAPlate } from '../components/not-a-plate.tsx';
import { PlateOverview, usePlateQuote } from '../components/plate-overview.tsx';
import { usePlateCode } from '../hooks/use-plate-code.ts';
import { isPlateCode } from '../industry-rules.ts';
import '../components/industry.css';

/** /tuyereDetails?code=884201.WI — one 风口: its momentum, trend, members and leaders. */
export default function TuyereDetailsPage() {
  const code = usePlateCode();
  if (!code) return <MissingCode title="风口详情" />;
  if (!isPlateCode(code)) return <NotAPlate title="风口详情" code={code} />;
  return <TuyereDetails key={code} code={code} />;
}

function TuyereDetails({ code }: { code: string }) {
  const live = usePlateQuote(code);
  const detail = usePlateDetail(code);
  const refresh = useInstrumentRefresh(code, live.refresh);
  const name = live.quotes.get(code)?.name ?? detail.data?.plate.name;
  return (
    <>
      <PageHeader title={name ? `风口 · ${name}` : '风口详情'} right={<DemoDataBadge />} />
      <PullToRefresh onRefresh={refresh}>
        <main className="industry-detail">
          <QuerySection
            title="风口动量"
            variant="band"
            query={detail}
            skeletonLines={2}
            errorText="风口数据加载失败，请检查网络后重试"
            aside={<Link to={href('tuyereMore')}>风口排行</Link>}
          >
            {(data) => <MomentumFigures momentum={data.momentum} />}
          </QuerySection>
          <PlateOverview code={code} live={live} />
        </main>
      </PullToRefresh>
    </>
  );
}
