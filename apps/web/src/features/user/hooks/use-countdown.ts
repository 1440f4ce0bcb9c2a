import { useCallback, useEffect, useState } from 'react';

/**
 * A seconds countdown (the SMS resend wait). It counts from a deadline, not by ticks, so a page
 * kept alive in the background shows the right value when it comes back.
 */
export function useCountdown(now: () => number = Date.now) {
  const [deadline, setDeadline] = useState(0);
  const [secondsLeft, setSecondsLeft] = useState(0);

  useEffect(() => {
    if (deadline === 0) return;
    const update = () => {
      const left = Math.max(0, Math.ceil((deadline - now()) / 1000));
      setSecondsLeft(left);
      return left;
    };
    if (update() === 0) return;
    const timer = window.setInterval(() => {
      if (update() === 0) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [deadline, now]);

  const start = useCallback((seconds: number) => setDeadline(now() + seconds * 1000), [now]);
  return { secondsLeft, start };
}
