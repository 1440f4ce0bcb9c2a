import type { ReactNode } from 'react';
import { useGoBack } from './use-go-back.ts';
import './page-header.css';

export interface PageHeaderProps {
  title: string;
  /** Shows the back control (default true). */
  back?: boolean;
  /** Actions on the right. */
  right?: ReactNode;
}

/** The sticky header of a secondary page: back control, centred title, optional actions. */
export function PageHeader({ title, back = true, right }: PageHeaderProps) {
  const goBack = useGoBack();
  return (
    <header className="page-header">
      {back ? (
        <button type="button" className="page-header__back" onClick={goBack} aria-label="返回">
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path
              d="M15 4.5 7.5 12l7.5 7.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      ) : null}
      <h1 className="page-header__title">{title}</h1>
      {right ? <div className="page-header__right">{right}</div> : null}
    </header>
  );
}
