import { formatAmount } from '@zhicai/domain';
import { useState } from 'react';
import { ValuationChart } from '../../../charts/line/index.ts';
import { QuerySection } from '../../../ui/section/index.ts';
import { Segmented } from '../../../ui/segmented/index.ts';
import { usePepb, type ValuationType, type ValuationYears } from '../api/pepb.ts';
import { currentPercentile, valuationPoints, valuationReferences } from '../stock-rules.ts';
import './sections.css';

const typeOptions = [
  { value: 'pe', label: '市盈率' },
  { value: 'pb', label: '市净率' },
] as const;

const yearOptions = [
  { value: '3Y', label: '3年' },
  { value: '5Y', label: '5年' },
  { value: '10Y', label: '10年' },
] as const;

const formatMultiple = (value: number) => formatAmount(value);

/** 估值: PE or PB history over 3/5/10 years with its lowest, median and highest lines and percentile. */
export function ValuationSection({ code }: { code: string }) {
  const [type, setType] = useState<ValuationType>('pe');
  const [years, setYears] = useState<ValuationYears>('5Y');
  const query = usePepb(code, type, years);
  const label = type === 'pe' ? '市盈率' : '市净率';
  return (
    <QuerySection
      variant="band"
      title="估值"
      query={query}
      isEmpty={(data) => valuationPoints(data.datas).length === 0}
      emptyText="暂无估值数据"
      controls={
        <div className="valuation-controls">
          <Segmented label="估值指标" options={typeOptions} value={type} onChange={setType} />
          <Segmented label="统计区间" options={yearOptions} value={years} onChange={setYears} />
        </div>
      }
    >
      {(data) => (
        <>
          {data.msg ? <p className="valuation-msg">{data.msg}</p> : null}
          <p className="valuation-percentile">
            当前{label}分位 <strong>{currentPercentile(data.datas)}</strong>
          </p>
          <ValuationChart
            points={valuationPoints(data.datas)}
            references={valuationReferences(data)}
            label={label}
            format={formatMultiple}
          />
        </>
      )}
    </QuerySection>
  );
}
