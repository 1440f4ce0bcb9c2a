import { useSearchParams } from 'react-router';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { QueryStates } from '../../../ui/section/index.ts';
import { SignInPrompt } from '../../../ui/sign-in-prompt/index.ts';
import { usePushInfo } from '../api/push-info.ts';
import { AlertEditor } from '../components/alert-editor.tsx';
import '../alert.css';

/** /pushSettingList?code=&name=: one instrument's alerts — the editor 设提醒 opens. */
export default function PushSettingListPage() {
  const [params] = useSearchParams();
  const code = params.get('code')?.trim().toUpperCase() ?? '';
  const name = params.get('name') ?? '';
  const signedIn = useLocalState((state) => state.token !== null);
  const info = usePushInfo(code, signedIn);
  // Opened without a name (a detail page's 设提醒), the heading names the quote once it is read.
  const heading = name || info.data?.quote.name;

  return (
    <>
      <PageHeader title={heading ? `${heading} 提醒设置` : '提醒设置'} />
      <main className="alert-page">
        {!signedIn ? (
          <SignInPrompt
            className="alert-signin"
            textClassName="alert-signin__text"
            text="登录后设置价格提醒"
          />
        ) : code === '' ? (
          <p className="alert-page__note">没有指定品种</p>
        ) : (
          <QueryStates query={info} skeletonLines={8} errorText="提醒设置加载失败">
            {(data) => <AlertEditor key={data.quote.code} info={data} />}
          </QueryStates>
        )}
      </main>
    </>
  );
}
