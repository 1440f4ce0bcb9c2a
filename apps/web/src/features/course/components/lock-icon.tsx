/** A padlock, drawn: the emoji has no glyph in the fonts many phones and the e2e browser carry. */
export function LockIcon({ size = 14 }: { size?: number }) {
  return (
    <svg
      className="course-lock-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M7 10V7a5 5 0 0 1 10 0v3" fill="none" stroke="currentColor" strokeWidth="2" />
      <rect x="4" y="10" width="16" height="11" rx="2" fill="currentColor" />
    </svg>
  );
}
