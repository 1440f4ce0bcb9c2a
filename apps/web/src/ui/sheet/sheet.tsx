import { useDrag } from '@use-gesture/react';
import { type ReactNode, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { nativeBridge } from '../../platform/bridge/native-bridge.ts';
import { isInNativeApp } from '../../platform/environment.ts';
import { animateSpring, handleReleaseCloses, type SpringState } from './spring.ts';
import './sheet.css';

/** spec 2 §9: the sheet starts to slide up 100 ms after it is opened. */
export const sheetOpenDelayMs = 100;

export interface SheetProps {
  open: boolean;
  /** Asked to close (mask tap, handle drag, Escape); the owner sets `open` to false. */
  onClose: () => void;
  /** The sheet's heading and accessible name. */
  title: string;
  /** A tap on the mask closes the sheet (default true). */
  modalClose?: boolean;
  children: ReactNode;
  className?: string;
}

// The panel starts below the screen; the spring moves it from there. React never rewrites this
// style object (it is the same on every render), so the frame-by-frame writes below stand.
const hiddenPanelStyle = { transform: 'translate3d(0, 100%, 0)' } as const;
const hiddenMaskStyle = { opacity: 0 } as const;

/**
 * The bottom sheet of spec 2 §2.1 (share image, period picker): slides up 100 ms after opening on
 * the spring of §9, tells the native app to hide its tab bar while open (`hidden` value 0) and to
 * show it again on close (value 1), closes on a downward handle drag (unless released while moving
 * up), on a mask tap when `modalClose` is on, and on Escape. Its position is a fraction of the panel
 * height (0 open, 1 hidden), written straight to the DOM on each frame.
 */
export function Sheet({ open, onClose, title, modalClose = true, children, className }: SheetProps) {
  const [mounted, setMounted] = useState(open);
  const panelRef = useRef<HTMLDivElement>(null);
  const maskRef = useRef<HTMLDivElement>(null);
  const stateRef = useRef<SpringState>({ position: 1, velocity: 0 });
  const stopRef = useRef<(() => SpringState) | null>(null);
  const titleId = useId();

  const paint = useCallback((position: number) => {
    stateRef.current = { ...stateRef.current, position };
    if (panelRef.current) panelRef.current.style.transform = `translate3d(0, ${position * 100}%, 0)`;
    if (maskRef.current) maskRef.current.style.opacity = String(Math.min(1, Math.max(0, 1 - position)));
  }, []);

  const stop = useCallback(() => {
    const stopped = stopRef.current?.();
    stopRef.current = null;
    if (stopped) stateRef.current = stopped;
  }, []);

  const animateTo = useCallback(
    (target: number, onRest?: () => void) => {
      stop();
      stopRef.current = animateSpring({
        from: stateRef.current,
        to: target,
        onUpdate: paint,
        onRest: () => {
          stopRef.current = null;
          stateRef.current = { position: target, velocity: 0 };
          onRest?.();
        },
      });
    },
    [paint, stop],
  );

  useEffect(() => {
    if (open) setMounted(true);
  }, [open]);

  useLayoutEffect(() => {
    if (!mounted) return;
    if (open) {
      const timer = setTimeout(() => animateTo(0), sheetOpenDelayMs);
      return () => clearTimeout(timer);
    }
    animateTo(1, () => setMounted(false));
    return undefined;
  }, [open, mounted, animateTo]);

  useEffect(() => stop, [stop]);

  // spec 2 §2.1 / §7.1: hide the native tab bar while open, restore it on close (or unmount).
  useEffect(() => {
    if (!open || !isInNativeApp()) return;
    void nativeBridge.call('hidden', { value: 0 });
    return () => {
      void nativeBridge.call('hidden', { value: 1 });
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  const bindHandle = useDrag(
    ({ last, tap, movement: [, offsetY], velocity: [, velocityY], direction: [, directionY] }) => {
      if (!open || tap) return;
      const height = panelRef.current?.offsetHeight || 1;
      if (!last) {
        stop();
        stateRef.current = { position: 0, velocity: 0 };
        paint(Math.max(0, offsetY) / height);
        return;
      }
      if (handleReleaseCloses(offsetY, velocityY, directionY)) onClose();
      else animateTo(0);
    },
    { axis: 'y', filterTaps: true, pointer: { capture: true } },
  );

  if (!mounted) return null;
  return createPortal(
    <div className={['sheet', className].filter(Boolean).join(' ')} data-open={open}>
      <div
        ref={maskRef}
        className="sheet__mask"
        style={hiddenMaskStyle}
        aria-hidden="true"
        data-testid="sheet-mask"
        onClick={modalClose && open ? onClose : undefined}
      />
      <div
        ref={panelRef}
        className="sheet__panel"
        style={hiddenPanelStyle}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-hidden={open ? undefined : true}
      >
        <div className="sheet__handle" {...bindHandle()} data-testid="sheet-handle">
          <span className="sheet__handle-bar" />
        </div>
        <h2 id={titleId} className="sheet__title">
          {title}
        </h2>
        <div className="sheet__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
