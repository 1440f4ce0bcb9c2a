import { useParams } from 'react-router';
import { ReportPreview } from '../components/report-preview.tsx';
import { periodFromParam, stockCodeFromParam } from '../report-rules.ts';

/**
 * /financialReportPreview/:stock/:reportPeriod (spec 2 §2.1): 600519_SH → 600519.SH, no period →
 * 20240630. Keyed by stock and period so a new period starts with fresh share and full-screen state.
 */
export default function FinancialReportPreviewPage() {
  const { stock, reportPeriod } = useParams();
  const code = stockCodeFromParam(stock);
  const period = periodFromParam(reportPeriod);
  return <ReportPreview key={`${code}/${period}`} code={code} period={period} />;
}
