import { useGesture } from '@use-gesture/react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { FlowDrawing } from '../../../charts/flow/index.ts';
import { showCachedBitmap } from '../cached-bitmap.ts';
import {
  dragTransform,
  fullscreenRotation,
  identityTransform,
  pinchTransform,
  transformCss,
  type ViewTransform,
} from '../fullscreen-transform.ts';

export interface FullscreenChartProps {
  title: string;
  /** The card's drawn chart; shown as a cached bitmap, never redrawn while here. */
  source: FlowDrawing | null;
  onExit: () => void;
}

/**
 * A card's chart in full screen (spec 2 §2.1): turned 90°, hint 点击退出全屏; one finger drags,
 * two fingers pinch-zoom between 0.5 and 3, a tap leaves. The chart is handed to this layer's
 * canvas as a cached bitmap (showCachedBitmap: the card's picture at once, the full-size one when
 * drawn) and gestures only rewrite its CSS transform, so a gesture frame is one style write.
 */
export function FullscreenChart({ title, source, onExit }: FullscreenChartProps) {
  const layerRef = useRef<HTMLDivElement>(null);
  const bitmapRef = useRef<HTMLCanvasElement>(null);
  const transform = useRef<ViewTransform>(identityTransform);
  const gestureStart = useRef<ViewTransform>(identityTransform);

  useLayoutEffect(() => {
    const bitmap = bitmapRef.current;
    if (!bitmap || !source) return;
    return showCachedBitmap(bitmap, source);
  }, [source]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onExit();
    };
    document.addEventListener('keydown', onKey);
    // The page behind must not scroll while a finger drags the chart.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [onExit]);

  const apply = (next: ViewTransform) => {
    transform.current = next;
    const bitmap = bitmapRef.current;
    if (!bitmap) return;
    bitmap.style.transform = transformCss(next);
    bitmap.dataset.scale = String(next.scale);
    bitmap.dataset.x = String(next.x);
    bitmap.dataset.y = String(next.y);
  };

  useGesture(
    {
      onDrag: ({ first, tap, pinching, cancel, movement }) => {
        if (tap) {
          onExit();
          return;
        }
        if (pinching) {
          cancel();
          return;
        }
        if (first) gestureStart.current = transform.current;
        apply(dragTransform(gestureStart.current, [movement[0], movement[1]]));
      },
      onPinch: ({ first, movement: [ratio] }) => {
        if (first) gestureStart.current = transform.current;
        apply(pinchTransform(gestureStart.current, ratio));
      },
    },
    {
      target: layerRef,
      drag: { filterTaps: true },
      eventOptions: { passive: false },
    },
  );

  return createPortal(
    <div
      ref={layerRef}
      className="report-fullscreen"
      role="dialog"
      aria-modal="true"
      aria-label={`${title}（全屏）`}
      data-testid="report-fullscreen"
    >
      <div className="report-fullscreen__stage" data-rotation={fullscreenRotation}>
        <p className="report-fullscreen__title">{title}</p>
        <div className="report-fullscreen__viewport">
          <canvas
            ref={bitmapRef}
            className="report-fullscreen__bitmap"
            data-scale="1"
            data-x="0"
            data-y="0"
            role="img"
            aria-label={`${title}流向图`}
          />
        </div>
        <button type="button" className="report-fullscreen__hint" onClick={onExit}>
          点击退出全屏
        </button>
      </div>
    </div>,
    document.body,
  );
}
