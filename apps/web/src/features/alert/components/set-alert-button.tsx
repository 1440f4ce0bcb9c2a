import { href } from '@zhicai/contract';
import { useNavigate } from 'react-router';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { loginUrl } from '../../../platform/session/login-redirect.ts';
import '../alert.css';

export interface SetAlertButtonProps {
  code: string;
  /** Its name for the editor's heading; the editor shows the quote's name without it. */
  name?: string | undefined;
  /** `dock`: the floating button of a detail page, above 加自选; `inline`: in a row or a card. */
  variant?: 'dock' | 'inline';
  className?: string;
}

/**
 * 设提醒 for a detail page (issue 16 item 9): opens the instrument's alert editor with its current
 * price; a visitor signs in first and comes back to the editor.
 */
export function SetAlertButton({ code, name, variant = 'inline', className }: SetAlertButtonProps) {
  const navigate = useNavigate();
  const signedIn = useLocalState((state) => state.token !== null);
  const editor = href('pushSettingList', { code, ...(name ? { name } : {}) });
  return (
    <button
      type="button"
      className={['set-alert-button', `set-alert-button--${variant}`, className].filter(Boolean).join(' ')}
      onClick={() => navigate(signedIn ? editor : loginUrl(editor))}
    >
      设提醒
    </button>
  );
}
