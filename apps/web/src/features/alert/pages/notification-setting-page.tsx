import { href, type PushSettingKey, type QuietHours, type UserSwitchKey } from '@zhicai/contract';
import { Link } from 'react-router';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { QueryStates } from '../../../ui/section/index.ts';
import { SignInPrompt } from '../../../ui/sign-in-prompt/index.ts';
import { toast } from '../../../ui/toast/toast.ts';
import { failureText } from '../alert-rules.ts';
import { useEditSwitch } from '../api/edit-switch.ts';
import { usePushSet } from '../api/push-set.ts';
import { type PushSettings, usePushSettings } from '../api/push-settings.ts';
import { type SwitchList, useSwitchList } from '../api/switch-list.ts';
import '../alert.css';

/** The topics each settings page shows: A-shares and funds with the other topics, or Hong Kong. */
const topicsOf: Record<'cn' | 'hk', { key: PushSettingKey; label: string; hint: string }[]> = {
  cn: [
    { key: 'priceAlert', label: '沪深及基金价格提醒', hint: '股价、涨跌幅、涨速、成交额、涨跌停、净值' },
    { key: 'announcement', label: '公告提醒', hint: '自选股的重要公告' },
    { key: 'news', label: '资讯推送', hint: '要闻与快讯' },
    { key: 'strategy', label: '策略提醒', hint: '选股策略的入选变化' },
  ],
  hk: [{ key: 'hkPriceAlert', label: '港股价格提醒', hint: '港股的股价、涨跌幅、涨速、成交额' }],
};

const channelKeys: readonly UserSwitchKey[] = ['appPush', 'wechatNotify', 'inAppBanner'];

/**
 * /notificationSetting and /notificationSettingHk: which alerts and notices reach the user, through
 * which channels, and the quiet hours in which WeChat and app push stay silent.
 */
export function NotificationSettings({ market }: { market: 'cn' | 'hk' }) {
  const signedIn = useLocalState((state) => state.token !== null);
  const settings = usePushSettings(signedIn);
  const switches = useSwitchList(signedIn);

  return (
    <>
      <PageHeader title={market === 'hk' ? '港股通知设置' : '通知设置'} />
      <main className="alert-page">
        {!signedIn ? (
          <SignInPrompt className="alert-signin" textClassName="alert-signin__text" text="登录后设置通知" />
        ) : (
          <>
            <QueryStates query={settings} skeletonLines={4} errorText="通知设置加载失败">
              {(data) => <Topics market={market} settings={data} />}
            </QueryStates>
            <QueryStates query={switches} skeletonLines={3} errorText="通知渠道加载失败">
              {(data) => <Channels switches={data} />}
            </QueryStates>
            {settings.data ? <QuietHoursSetting hours={settings.data.quietHours} /> : null}
            <nav className="alert-links" aria-label="更多设置">
              <Link className="alert-links__item" to={href('pushSettingAll')}>
                管理价格提醒
              </Link>
              <Link
                className="alert-links__item"
                to={href(market === 'hk' ? 'notificationSetting' : 'notificationSettingHk')}
              >
                {market === 'hk' ? '沪深通知设置' : '港股通知设置'}
              </Link>
            </nav>
          </>
        )}
      </main>
    </>
  );
}

function onFailure(error: Error) {
  toast.error(failureText(error, '设置失败，请稍后再试'));
}

function SwitchRow({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="alert-switch">
      <span className="alert-switch__text">
        <span>{label}</span>
        {hint ? <span className="alert-switch__hint">{hint}</span> : null}
      </span>
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        className="alert-switch__toggle"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
    </label>
  );
}

function Topics({ market, settings }: { market: 'cn' | 'hk'; settings: PushSettings }) {
  const pushSet = usePushSet({ onError: onFailure });
  return (
    <section className="alert-settings" aria-label="提醒内容">
      <h3 className="alert-settings__title">提醒内容</h3>
      {topicsOf[market].map(({ key, label, hint }) => (
        <SwitchRow
          key={key}
          label={label}
          hint={hint}
          checked={
            pushSet.isPending && pushSet.variables?.key === key
              ? Boolean(pushSet.variables.enabled)
              : settings.topics[key]
          }
          onChange={(enabled) => pushSet.mutate({ key, enabled })}
        />
      ))}
    </section>
  );
}

function Channels({ switches }: { switches: SwitchList }) {
  const edit = useEditSwitch({ onError: onFailure });
  return (
    <section className="alert-settings" aria-label="提醒方式">
      <h3 className="alert-settings__title">提醒方式</h3>
      {switches
        .filter((item) => channelKeys.includes(item.key))
        .map((item) => (
          <SwitchRow
            key={item.key}
            label={item.name}
            checked={
              edit.isPending && edit.variables?.key === item.key ? edit.variables.enabled : item.enabled
            }
            onChange={(enabled) => edit.mutate({ key: item.key, enabled })}
          />
        ))}
    </section>
  );
}

function QuietHoursSetting({ hours }: { hours: QuietHours }) {
  const pushSet = usePushSet({
    onError: onFailure,
    onSuccess: () => {
      toast.success('免打扰时段已保存');
    },
  });
  const save = (next: QuietHours) => pushSet.mutate({ quietHours: next });
  return (
    <section className="alert-settings" aria-label="免打扰">
      <h3 className="alert-settings__title">免打扰</h3>
      <SwitchRow
        label="免打扰时段"
        hint="时段内不发微信和 App 推送，消息仍进入消息中心"
        checked={hours.enabled}
        onChange={(enabled) => save({ ...hours, enabled })}
      />
      <div className="alert-quiet">
        <label>
          开始
          <input
            type="time"
            aria-label="免打扰开始时间"
            defaultValue={hours.start}
            onBlur={(event) => {
              if (event.target.value && event.target.value !== hours.start)
                save({ ...hours, start: event.target.value });
            }}
          />
        </label>
        <label>
          结束
          <input
            type="time"
            aria-label="免打扰结束时间"
            defaultValue={hours.end}
            onBlur={(event) => {
              if (event.target.value && event.target.value !== hours.end)
                save({ ...hours, end: event.target.value });
            }}
          />
        </label>
      </div>
    </section>
  );
}

/** /notificationSetting */
export default function NotificationSettingPage() {
  return <NotificationSettings market="cn" />;
}
