import { SectionError } from '../../../ui/section/index.ts';
import { Sheet } from '../../../ui/sheet/index.ts';
import type { ShareImageStatus } from '../hooks/use-share-image.ts';

export interface ShareSheetProps {
  open: boolean;
  status: ShareImageStatus;
  imageUrl: string | null;
  onRetry: () => void;
  onClose: () => void;
}

/** 长按下方图片保存 (spec 2 §2.1): 图片生成中… until the picture is ready, then the picture. */
export function ShareSheet({ open, status, imageUrl, onRetry, onClose }: ShareSheetProps) {
  return (
    <Sheet open={open} onClose={onClose} title="长按下方图片保存">
      <div className="report-share">
        {status === 'ready' && imageUrl ? (
          <img className="report-share__image" src={imageUrl} alt="财报预览分享图片" />
        ) : status === 'failed' ? (
          <SectionError
            className="report-share__state"
            message="生成图片失败"
            retryLabel="重新生成"
            onRetry={onRetry}
          />
        ) : (
          <p className="report-share__state" role="status">
            图片生成中…
          </p>
        )}
      </div>
    </Sheet>
  );
}
