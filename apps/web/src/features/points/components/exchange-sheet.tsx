import type { PointGood } from '@zhicai/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { Sheet } from '../../../ui/sheet/index.ts';
import { toast } from '../../../ui/toast/toast.ts';
import { useCreateExpressInfo } from '../api/create-express-info.ts';
import { useExchange } from '../api/exchange.ts';
import { useExpressLast } from '../api/express-last.ts';
import {
  type AddressDraft,
  addressProblem,
  emptyAddress,
  failureToast,
  newRequestKey,
  sameAddress,
} from '../points-rules.ts';

const fields: { key: keyof AddressDraft; label: string; placeholder: string; inputMode?: 'tel' }[] = [
  { key: 'name', label: '收货人', placeholder: '姓名' },
  { key: 'phone', label: '手机号', placeholder: '11 位手机号', inputMode: 'tel' },
  { key: 'region', label: '所在地区', placeholder: '省 市 区' },
  { key: 'detail', label: '详细地址', placeholder: '街道、门牌号' },
];

/**
 * The exchange sheet: the good, its price against the balance, and the delivery address (prefilled
 * from express/last). 确认兑换 saves the address when it changed, then exchanges with a key made
 * when the sheet opened, so a second tap after a lost answer does not exchange twice.
 */
export function ExchangeSheet({
  good,
  balance,
  onClose,
  onExchanged,
}: {
  good: PointGood | null;
  balance: number | undefined;
  onClose: () => void;
  onExchanged: () => void;
}) {
  return (
    <Sheet open={good !== null} onClose={onClose} title="确认兑换">
      {good ? <ExchangeForm key={good.id} good={good} balance={balance} onExchanged={onExchanged} /> : null}
    </Sheet>
  );
}

function ExchangeForm({
  good,
  balance,
  onExchanged,
}: {
  good: PointGood;
  balance: number | undefined;
  onExchanged: () => void;
}) {
  const last = useExpressLast(true);
  const [draft, setDraft] = useState<AddressDraft>(emptyAddress);
  const [prefilled, setPrefilled] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [requestKey] = useState(newRequestKey);
  const saveAddress = useCreateExpressInfo();
  const exchange = useExchange();
  const busy = saveAddress.isPending || exchange.isPending;

  // Prefill once from the last address; what the user types afterwards is theirs.
  useEffect(() => {
    if (prefilled || last.data === undefined) return;
    setPrefilled(true);
    if (last.data) {
      const { name, phone, region, detail } = last.data;
      setDraft({ name, phone, region, detail });
    }
  }, [last.data, prefilled]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wrong = addressProblem(draft);
    setProblem(wrong);
    if (wrong || busy) return;
    try {
      const saved =
        last.data && sameAddress(last.data, draft) ? last.data : await saveAddress.mutateAsync(draft);
      await exchange.mutateAsync({ goodId: good.id, expressId: saved.id, requestKey });
      toast.success('兑换成功，我们会尽快发货');
      onExchanged();
    } catch (error) {
      const message = failureToast(error, '兑换失败，请稍后再试');
      if (message) toast.error(message);
    }
  };

  return (
    <form className="exchange-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="exchange-form__good">
        <img src={good.image} alt="" width={64} height={64} />
        <div>
          <p className="exchange-form__name">{good.name}</p>
          <p className="exchange-form__price">
            {good.price} 积分{balance === undefined ? '' : `（当前 ${balance} 积分）`}
          </p>
        </div>
      </div>
      <fieldset className="exchange-form__address">
        <legend>收货地址</legend>
        {fields.map((field) => (
          <label key={field.key} className="exchange-form__field">
            <span>{field.label}</span>
            <input
              value={draft[field.key]}
              placeholder={field.placeholder}
              inputMode={field.inputMode}
              maxLength={field.key === 'detail' ? 120 : field.key === 'phone' ? 11 : 50}
              onChange={(event) => setDraft({ ...draft, [field.key]: event.target.value })}
            />
          </label>
        ))}
      </fieldset>
      {problem ? (
        <p className="exchange-form__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="button button--primary exchange-form__submit" disabled={busy}>
        {busy ? '兑换中…' : `确认兑换（${good.price} 积分）`}
      </button>
    </form>
  );
}
