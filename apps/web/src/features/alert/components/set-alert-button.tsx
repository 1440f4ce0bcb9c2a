import { href } from '@zhicai/contract';
import { useNavigate } from 'react-router';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { loginUrl } from '../../../platform/session/login-redirect.ts';
import '../alert.css';

export interface SetAlertButtonProps {
  code: string;
  name: string;
  className?: string;
}

/**
 * 设提醒 for a detail page (issue 16 item 9): opens the instrument's alert editor with its current
 * price; a visitor signs in first and comes back to the editor.
 */
export function SetAlertButton({ code, name, className }: SetAlertButtonProps) {
  const navigate = useNavigate();
  const signedIn = useLocalState((state) => state.token !== null);
  const editor = href('pushSettingList', { code, name });
  return (
    <button
      type="button"
      className={['set-alert-button', className].filter(Boolean).join(' ')}
      onClick={() => navigate(signedIn ? editor : loginUrl(editor))}
    >
      设提醒
    </button>
  );
}
