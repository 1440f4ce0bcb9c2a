import { StrategyListPage } from '../components/strategy-list-page.tsx';

/** /chooseMeList and /my-stock-picker: the user's own stock strategies. */
export default function MyStrategiesPage() {
  return <StrategyListPage title="我的策略" which="mine" />;
}
