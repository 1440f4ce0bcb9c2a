import { QRCodeCanvas } from 'qrcode.react';
import type { Ref } from 'react';
import { brandName } from '../../../../platform/brand.ts';
import type { FlashItem } from '../api/news-list.ts';
import { flashShareUrl } from '../flash-share.ts';
import { flashTime } from '../flash-time.ts';

/**
 * A flash as a share card (spec 2 §2.2 /newscastShare, issue 17 item 9): its time, title and text
 * above the brand footer, whose QR code opens the flash (`/newscastCont?id=&state=auth`, which needs
 * no session), so a saved picture or a screenshot leads back to it. The share picture is this card.
 */
export function FlashShareCard({ flash, ref }: { flash: FlashItem; ref?: Ref<HTMLElement> }) {
  return (
    <figure ref={ref} className="flash-card">
      <p className="flash-card__head">
        <span className="flash-card__label">7×24快讯</span>
        <time dateTime={new Date(flash.time).toISOString()}>{flashTime(flash.time).full}</time>
      </p>
      <h1 className="flash-card__title">{flash.title}</h1>
      <p className="flash-card__body">{flash.body}</p>
      {flash.source === 'demo' ? <p className="flash-card__demo">演示数据，非真实资讯</p> : null}
      <figcaption className="flash-card__footer">
        <div>
          <p className="flash-card__brand">{brandName()}</p>
          <p className="flash-card__note">长按识别二维码，查看快讯详情</p>
        </div>
        <div className="flash-card__qr" role="img" aria-label="快讯二维码">
          <QRCodeCanvas
            value={flashShareUrl(flash.id, window.location.origin)}
            size={160}
            marginSize={1}
            style={{ width: '100%', height: '100%' }}
          />
        </div>
      </figcaption>
    </figure>
  );
}
