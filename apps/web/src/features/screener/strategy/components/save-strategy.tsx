import type { StrategyKind } from '@zhicai/contract';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useLocalState } from '../../../../platform/session/local-store.ts';
import { loginUrl } from '../../../../platform/session/login-redirect.ts';
import { toast } from '../../../../ui/toast/toast.ts';
import { useStrategyAdd } from '../api/strategy-add.ts';
import { conditionsOfScreen, strategyHref } from '../strategy-rules.ts';
import '../strategy.css';

/**
 * 保存策略 of a screen's results (issue 18 item 9): a name, then the screen is one of 我的策略
 * (选股 or 选基 by `kind`), re-run after every close. Signed out, it leads to the login and back;
 * once saved it links to the strategy.
 */
export function SaveStrategy({
  request,
  kind = 'stock',
}: {
  request: Readonly<Record<string, unknown>>;
  kind?: StrategyKind;
}) {
  const signedIn = useLocalState((state) => state.token !== null);
  const { pathname, search } = useLocation();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [saved, setSaved] = useState<{ id: number; href: string } | null>(null);
  const converted = conditionsOfScreen(kind, request);
  const add = useStrategyAdd(kind, {
    onSuccess: ({ id }) => {
      setSaved(
        converted.ok
          ? { id, href: strategyHref({ id, kind, name, conditions: converted.conditions }) }
          : null,
      );
      setNaming(false);
      toast.success('已保存到我的策略');
    },
    onError: (error) => toast.error(error.message || '保存失败，请稍后再试'),
  });

  if (saved !== null) {
    return (
      <p className="strategy-save">
        已保存到我的策略 · <Link to={saved.href}>查看策略</Link>
      </p>
    );
  }
  if (!signedIn) {
    return (
      <p className="strategy-save">
        <Link to={loginUrl(`${pathname}${search}`)}>登录后保存策略</Link>
      </p>
    );
  }
  if (!naming) {
    return (
      <p className="strategy-save">
        <button type="button" onClick={() => setNaming(true)}>
          保存策略
        </button>
      </p>
    );
  }
  return (
    <form
      className="strategy-rename"
      aria-label="保存策略"
      onSubmit={(event) => {
        event.preventDefault();
        if (!converted.ok) {
          toast.error(converted.reason);
          return;
        }
        add.mutate({ name, conditions: converted.conditions });
      }}
    >
      <input
        aria-label="策略名称"
        placeholder="给策略起个名字"
        value={name}
        maxLength={16}
        onChange={(event) => setName(event.target.value)}
      />
      <button type="submit" disabled={add.isPending || name.trim() === ''}>
        保存
      </button>
      <button type="button" onClick={() => setNaming(false)}>
        取消
      </button>
    </form>
  );
}
