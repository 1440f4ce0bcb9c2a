import { StrategyListPage } from '../components/strategy-list-page.tsx';

/** /ChooseSuperdex and /rankingStockSelectionIndex: the house stock strategies (超级选股). */
export default function HouseStrategiesPage() {
  return <StrategyListPage title="超级选股" which="house" />;
}
