import { SectionError } from '../section/index.ts';
import { Sheet } from '../sheet/index.ts';
import type { ShareImageStatus } from './use-share-image.ts';
import './share-sheet.css';

export interface ShareSheetProps {
  open: boolean;
  status: ShareImageStatus;
  imageUrl: string | null;
  onRetry: () => void;
  onClose: () => void;
  /** What the picture shows, for screen readers: 财报预览分享图片, 快讯分享图片. */
  alt: string;
}

/** 长按下方图片保存 (spec 2 §2.1): 图片生成中… until the picture is ready, then the picture. */
export function ShareSheet({ open, status, imageUrl, onRetry, onClose, alt }: ShareSheetProps) {
  return (
    <Sheet open={open} onClose={onClose} title="长按下方图片保存">
      <div className="share-sheet">
        {status === 'ready' && imageUrl ? (
          <img className="share-sheet__image" src={imageUrl} alt={alt} />
        ) : status === 'failed' ? (
          <SectionError
            className="share-sheet__state"
            message="生成图片失败"
            retryLabel="重新生成"
            onRetry={onRetry}
          />
        ) : (
          <p className="share-sheet__state" role="status">
            图片生成中…
          </p>
        )}
      </div>
    </Sheet>
  );
}
