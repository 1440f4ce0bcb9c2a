import { useEffect, useRef, useState } from 'react';
import { wechatShare } from '../../../../platform/wechat/index.ts';
import { ShareSheet, useShareImage } from '../../../../ui/share/index.ts';
import { Sheet } from '../../../../ui/sheet/index.ts';
import type { FlashItem } from '../api/news-list.ts';
import { flashShareContent } from '../flash-share.ts';
import { FlashShareCard } from './flash-share-card.tsx';

export interface FlashShareSheetProps {
  /** The flash being shared; it stays set while the sheet slides out. */
  flash: FlashItem;
  open: boolean;
  onClose: () => void;
}

/**
 * 分享 of a flash (issue 17 item 9), from a timeline row or the detail page. Inside WeChat the
 * JS-SDK share is set to the flash (title, the start of its text, the brand image, a link that
 * opens without a session), and the sheet says to share from WeChat's menu; everywhere, 生成分享图
 * makes a picture of the flash's share card (brand footer, QR code) to save by a long press.
 *
 * The card is laid out, unseen, behind the page while the sheet is open, and the picture is made
 * from it in advance once the browser is idle (as the report's is), so 生成分享图 usually finds it
 * made.
 */
export default function FlashShareSheet({ flash, open, onClose }: FlashShareSheetProps) {
  const card = useRef<HTMLElement>(null);
  const [inWeChat, setInWeChat] = useState(false);
  const [imageOpen, setImageOpen] = useState(false);
  const share = useShareImage(card, open ? `flash:${flash.id}` : null);

  useEffect(() => {
    if (!open) return;
    let current = true;
    // Outside WeChat this answers false and loads nothing.
    void wechatShare()
      .setShare(flashShareContent(flash, window.location.origin))
      .then((done) => {
        if (current) setInWeChat(done);
      });
    return () => {
      current = false;
    };
  }, [flash, open]);

  const showImage = () => {
    share.start();
    setImageOpen(true);
  };
  const closeImage = () => {
    setImageOpen(false);
    share.stop();
  };

  return (
    <>
      <Sheet open={open} onClose={onClose} title="分享快讯">
        <div className="flash-share">
          <p className="flash-share__title">{flash.title}</p>
          {inWeChat ? (
            <p className="flash-share__hint" role="status">
              点击右上角「···」，即可将这条快讯分享给朋友或朋友圈
            </p>
          ) : null}
          <button type="button" className="button flash-share__image" onClick={showImage}>
            生成分享图
          </button>
        </div>
      </Sheet>
      {open ? (
        <div className="flash-share-stage" aria-hidden="true">
          <FlashShareCard ref={card} flash={flash} />
        </div>
      ) : null}
      <ShareSheet
        open={open && imageOpen}
        status={share.status}
        imageUrl={share.imageUrl}
        onRetry={share.retry}
        onClose={closeImage}
        alt="快讯分享图片"
      />
    </>
  );
}
