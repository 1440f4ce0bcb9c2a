import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { isInNativeApp } from '../../../platform/environment.ts';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { memoryStore } from '../../../platform/session/memory-store.ts';
import { useHasSign } from '../api/has-sign.ts';
import { checkInPath, showsIntegralPrompt } from '../integral-prompt-rules.ts';
import './integral-prompt.css';

/** The small 签到领积分 prompt of the tab pages (rule in integral-prompt-rules.ts). */
export function IntegralPrompt() {
  const token = useLocalState((state) => state.token);
  const [inNativeApp] = useState(() => isInNativeApp());
  const [closed, setClosed] = useState(false);
  const asks = token !== null && !inNativeApp;
  const { data: hasSign } = useHasSign(asks);
  const shows = showsIntegralPrompt({ signedIn: token !== null, inNativeApp, hasSign });

  // spec 1 §3: showInregral lives in memory only; other parts of the app read it from the store.
  useEffect(() => {
    memoryStore.getState().change_showInregral(shows);
  }, [shows]);

  if (!shows || closed) return null;
  return (
    <aside className="integral-prompt" aria-label="签到提示">
      <Link to={checkInPath} className="integral-prompt__link">
        签到领积分
      </Link>
      <button
        type="button"
        className="integral-prompt__close"
        aria-label="关闭签到提示"
        onClick={() => setClosed(true)}
      >
        ×
      </button>
    </aside>
  );
}
