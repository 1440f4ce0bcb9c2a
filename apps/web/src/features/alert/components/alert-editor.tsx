import {
  type AlertFrequency,
  type AlertKind,
  alertFrequencies,
  alertFrequencyLabels,
  alertKindInfo,
  type PriceAlert,
} from '@zhicai/contract';
import { formatQuotePrice } from '@zhicai/domain';
import { useState } from 'react';
import { ChangeText } from '../../../ui/quote/index.ts';
import { toast } from '../../../ui/toast/toast.ts';
import { alertText, failureText, inputOf, readDraftValue, unitSuffix } from '../alert-rules.ts';
import { useAddAlert } from '../api/add.ts';
import { useDeleteAlerts } from '../api/del-for-user-switch.ts';
import type { InstrumentAlerts } from '../api/push-info.ts';
import { useSetChange } from '../api/set-change.ts';

interface Row {
  on: boolean;
  input: string;
  frequency: AlertFrequency;
}

function initialRows(info: InstrumentAlerts): Record<string, Row> {
  const rows: Record<string, Row> = {};
  for (const kind of info.kinds) {
    const existing = info.alerts.find((alert) => alert.kind === kind);
    rows[kind] = {
      on: false,
      input: existing ? inputOf(kind, existing.value, info.quote.type) : '',
      frequency: existing?.frequency ?? 'once',
    };
  }
  return rows;
}

/**
 * The alert editor of one instrument (issue 16 items 8–9): its current price and limits, a row per
 * kind it can have (tick the row, type the line, pick how often), and the alerts already set with
 * 暂停/恢复 and 删除. Lines are checked as the server checks them before anything is sent.
 */
export function AlertEditor({ info }: { info: InstrumentAlerts }) {
  const { quote } = info;
  const [rows, setRows] = useState(() => initialRows(info));
  const [problems, setProblems] = useState<Partial<Record<AlertKind, string>>>({});
  const add = useAddAlert();
  const [saving, setSaving] = useState(false);
  const change = (kind: AlertKind, patch: Partial<Row>) =>
    setRows((current) => ({ ...current, [kind]: { ...(current[kind] as Row), ...patch } }));

  const save = async () => {
    const found: Partial<Record<AlertKind, string>> = {};
    const drafts: { kind: AlertKind; value: number; frequency: AlertFrequency }[] = [];
    for (const kind of info.kinds) {
      const row = rows[kind];
      if (!row?.on) continue;
      const read = readDraftValue(kind, row.input, quote);
      if ('problem' in read) found[kind] = read.problem;
      else drafts.push({ kind, value: read.value, frequency: row.frequency });
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    if (drafts.length === 0) {
      toast('请先勾选要设置的提醒');
      return;
    }
    setSaving(true);
    try {
      for (const draft of drafts) await add.mutateAsync({ code: quote.code, ...draft });
      toast.success('提醒已保存');
      setRows((current) => {
        const next = { ...current };
        for (const draft of drafts) next[draft.kind] = { ...(next[draft.kind] as Row), on: false };
        return next;
      });
    } catch (error) {
      toast.error(failureText(error, '保存失败，请稍后再试'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="alert-editor">
      <section className="alert-quote" aria-label="当前行情">
        <p className="alert-quote__name">
          {quote.name} <span className="alert-quote__code">{quote.code}</span>
        </p>
        <p className="alert-quote__price">
          当前价 <strong>{formatQuotePrice(quote.price, quote.type)}</strong>{' '}
          <ChangeText value={quote.chgPct} kind="percent" />
        </p>
        {quote.limitUp !== null && quote.limitDown !== null ? (
          <p className="alert-quote__limits">
            涨停 {formatQuotePrice(quote.limitUp, quote.type)} · 跌停{' '}
            {formatQuotePrice(quote.limitDown, quote.type)}
          </p>
        ) : null}
      </section>

      <section className="alert-rows" aria-label="设置提醒">
        {info.kinds.map((kind) => {
          const row = rows[kind] as Row;
          const unit = unitSuffix(kind);
          const label = alertKindInfo[kind].label;
          return (
            <div className="alert-row" key={kind}>
              <label className="alert-row__check">
                <input
                  type="checkbox"
                  checked={row.on}
                  onChange={(event) => change(kind, { on: event.target.checked })}
                />
                {label}
              </label>
              {unit ? (
                <span className="alert-row__value">
                  <input
                    className="alert-row__input"
                    inputMode="decimal"
                    aria-label={`${label}（${unit}）`}
                    value={row.input}
                    onChange={(event) => change(kind, { input: event.target.value, on: true })}
                  />
                  {unit}
                </span>
              ) : null}
              <select
                className="alert-row__frequency"
                aria-label={`${label} 提醒频率`}
                value={row.frequency}
                onChange={(event) => change(kind, { frequency: event.target.value as AlertFrequency })}
              >
                {alertFrequencies.map((frequency) => (
                  <option key={frequency} value={frequency}>
                    {alertFrequencyLabels[frequency]}
                  </option>
                ))}
              </select>
              {problems[kind] ? (
                <p className="alert-row__problem" role="alert">
                  {problems[kind]}
                </p>
              ) : null}
            </div>
          );
        })}
        <button type="button" className="button button--primary alert-save" disabled={saving} onClick={save}>
          {saving ? '保存中…' : '保存提醒'}
        </button>
      </section>

      <ExistingAlerts alerts={info.alerts} type={quote.type} />
    </div>
  );
}

function ExistingAlerts({
  alerts,
  type,
}: {
  alerts: readonly PriceAlert[];
  type: InstrumentAlerts['quote']['type'];
}) {
  const onError = (error: Error) => toast.error(failureText(error, '操作失败，请稍后再试'));
  const setChange = useSetChange({ onError });
  const remove = useDeleteAlerts({ onError });
  return (
    <section className="alert-existing" aria-label="已设置的提醒">
      <h3 className="alert-existing__title">已设置的提醒</h3>
      {alerts.length === 0 ? (
        <p className="alert-existing__empty">还没有设置提醒</p>
      ) : (
        <ul className="alert-existing__list">
          {alerts.map((alert) => (
            <li key={alert.id} className="alert-existing__item">
              <span className={alert.enabled ? '' : 'alert-existing__paused'}>
                {alertText(alert.kind, alert.value, type)} · {alertFrequencyLabels[alert.frequency]}
                {alert.enabled ? '' : '（已暂停）'}
              </span>
              <button
                type="button"
                className="alert-existing__action"
                onClick={() => setChange.mutate({ id: alert.id, enabled: alert.enabled ? 'false' : 'true' })}
              >
                {alert.enabled ? '暂停' : '恢复'}
              </button>
              <button
                type="button"
                className="alert-existing__action alert-existing__action--danger"
                onClick={() => remove.mutate({ ids: [alert.id] })}
              >
                删除
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
