import { ConnectFlowView } from '../components/connect-flow-view.tsx';

/** /southDates — 南向资金 (港股通沪、港股通深). */
export default function SouthDatesPage() {
  return <ConnectFlowView direction="south" />;
}
