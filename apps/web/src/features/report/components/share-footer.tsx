import { QRCodeCanvas } from 'qrcode.react';
import { brandName } from '../../../platform/brand.ts';
import { shareShownAttribute } from '../../../ui/share/index.ts';

/**
 * The brand footer of share mode (spec 2 §2.1): the brand of this deployment (BRAND_MODE: 知财 or
 * 知财Pro) and a QR code linking back to this page. It is rendered with the data so the share
 * image, made in advance, can carry it; the page shows it only while `shown` (share mode) and
 * otherwise keeps it laid out but invisible and out of the flow (report.css).
 */
export function ShareFooter({ url, shown }: { url: string; shown: boolean }) {
  const brand = brandName();
  return (
    <footer
      className="report-share-footer"
      {...{ [shareShownAttribute]: String(shown) }}
      aria-hidden={!shown}
    >
      <div className="report-share-footer__text">
        <p className="report-share-footer__brand">{brand}</p>
        <p className="report-share-footer__note">长按识别二维码，查看完整财报</p>
      </div>
      <div className="report-share-footer__qr" role="img" aria-label="本页二维码" data-testid="share-qr">
        <QRCodeCanvas value={url} size={160} marginSize={1} style={{ width: '100%', height: '100%' }} />
      </div>
    </footer>
  );
}
