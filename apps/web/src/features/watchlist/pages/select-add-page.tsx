import { useQuery } from '@tanstack/react-query';
import { href } from '@zhicai/contract';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { endpointQuery, useEndpointMutation } from '../../../platform/query/endpoint-query.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { SectionEmpty } from '../../../ui/section/index.ts';
import { toast } from '../../../ui/toast/toast.ts';
import { useGroupIdsMultiCodes } from '../api/group-ids-multi-codes.ts';
import { defaultGroupOf, userGroupsOf, useWatchlistGroups } from '../api/watchlist-groups.ts';
import { GroupPicker } from '../components/group-picker.tsx';
import { reportFailure } from '../watchlist-errors.ts';
import './watchlist-pages.css';

/** The codes of `?codes=`: upper case, unique, at most 500 (a group's limit). */
export function codesOf(param: string | null): string[] {
  const codes = (param ?? '')
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter((code) => /^[0-9A-Z]{1,12}\.[A-Z]{2,3}$/.test(code));
  return [...new Set(codes)].slice(0, 500);
}

/** /selectAdd?codes=a,b — add many instruments at once (from a screen or an import), choosing groups. */
export default function SelectAddPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const codes = useMemo(() => codesOf(params.get('codes')), [params]);
  // Names come with the quotes; a code without one still shows, by its code.
  const quotes = useQuery(
    endpointQuery('market.realTime', { codes: codes.join(',') }, { enabled: codes.length > 0 }),
  );
  const groups = useWatchlistGroups();
  const userGroups = userGroupsOf(groups.data);
  const memberships = useGroupIdsMultiCodes(codes);
  const defaultId = defaultGroupOf(groups.data)?.id;
  const followed = new Set(
    (memberships.data ?? [])
      .filter((entry) => defaultId !== undefined && entry.groupIds.includes(defaultId))
      .map((entry) => entry.code),
  );
  // Groups some of the instruments are in already show half-ticked.
  const partial = new Set((memberships.data ?? []).flatMap((entry) => entry.groupIds));
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const [chosenGroups, setChosenGroups] = useState<Set<number>>(new Set());
  const add = useEndpointMutation('watchlist.addOpt', { invalidates: ['market'] });
  const picked = codes.filter((code) => !unticked.has(code));
  const nameOf = (code: string) => quotes.data?.find((quote) => quote.code === code)?.name ?? code;

  return (
    <>
      <PageHeader title="添加自选" />
      <main className="watchlist-page">
        {codes.length === 0 ? (
          <SectionEmpty>没有可添加的证券</SectionEmpty>
        ) : (
          <>
            <section className="watchlist-card" aria-label="待添加">
              <ul className="watchlist-list">
                {codes.map((code) => (
                  <li key={code} className="watchlist-list__item">
                    <label className="watchlist-column">
                      <input
                        type="checkbox"
                        checked={!unticked.has(code)}
                        onChange={() =>
                          setUnticked((current) => {
                            const next = new Set(current);
                            if (next.has(code)) next.delete(code);
                            else next.add(code);
                            return next;
                          })
                        }
                      />
                      <span className="watchlist-list__main">
                        <span>{nameOf(code)}</span>
                        <span className="watchlist-list__sub">
                          {code}
                          {followed.has(code) ? ' · 已自选' : ''}
                        </span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </section>
            <section className="watchlist-card" aria-label="加入分组">
              <div className="watchlist-form">
                <p className="watchlist-list__sub">加入“全部”，也可同时加入以下分组：</p>
                <GroupPicker
                  groups={userGroups}
                  selected={chosenGroups}
                  onChange={setChosenGroups}
                  partial={partial}
                />
              </div>
            </section>
            <div className="watchlist-actions">
              <button
                type="button"
                className="button button--primary"
                disabled={picked.length === 0 || add.isPending}
                onClick={() =>
                  add.mutate(
                    {
                      codes: picked.join(','),
                      ...(chosenGroups.size > 0 ? { groupIds: [...chosenGroups].join(',') } : {}),
                    },
                    {
                      onSuccess: (result) => {
                        toast.success(result.added > 0 ? `已添加 ${picked.length} 只` : '已在自选中');
                        void navigate(href('favorite'));
                      },
                      onError: (error) => reportFailure(error, '添加失败'),
                    },
                  )
                }
              >
                添加 {picked.length} 只
              </button>
            </div>
          </>
        )}
      </main>
    </>
  );
}
