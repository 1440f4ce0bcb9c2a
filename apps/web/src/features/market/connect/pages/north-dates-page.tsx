import { ConnectFlowView } from '../components/connect-flow-view.tsx';

/** /northDates — 北向资金 (沪股通、深股通). */
export default function NorthDatesPage() {
  return <ConnectFlowView direction="north" />;
}
