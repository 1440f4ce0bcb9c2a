import { href } from '@zhicai/contract';
import { QRCodeCanvas } from 'qrcode.react';
import { useSearchParams } from 'react-router';
import { brandName } from '../../../../platform/brand.ts';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { QueryStates, SectionEmpty } from '../../../../ui/section/index.ts';
import { useFlash } from '../api/news-get.ts';
import { flashIdOf } from '../flash-id.ts';
import { flashTime } from '../flash-time.ts';
import '../flash.css';

/**
 * /newscastShare?id= (spec 2 §2.2): a flash as a share card — its time, title and text above the
 * brand footer, whose QR code opens the flash (`/newscastCont?id=&state=auth`, which needs no
 * session), so a screenshot or a forwarded card leads back to it.
 */
export default function NewscastSharePage() {
  const [params] = useSearchParams();
  const id = flashIdOf(params.get('id'));
  const flash = useFlash(id);
  const target =
    id === null ? '' : `${window.location.origin}${href('newscastCont', { id: String(id), state: 'auth' })}`;
  return (
    <>
      <PageHeader title="快讯分享" />
      <main className="flash-page flash-page--share">
        {id === null ? (
          <SectionEmpty>快讯不存在</SectionEmpty>
        ) : (
          <QueryStates query={flash} skeletonLines={5} errorText="快讯加载失败">
            {(data) => (
              <figure className="flash-card">
                <p className="flash-card__head">
                  <span className="flash-card__label">7×24快讯</span>
                  <time dateTime={new Date(data.time).toISOString()}>{flashTime(data.time).full}</time>
                </p>
                <h1 className="flash-card__title">{data.title}</h1>
                <p className="flash-card__body">{data.body}</p>
                {data.source === 'demo' ? <p className="flash-card__demo">演示数据，非真实资讯</p> : null}
                <figcaption className="flash-card__footer">
                  <div>
                    <p className="flash-card__brand">{brandName()}</p>
                    <p className="flash-card__note">长按识别二维码，查看快讯详情</p>
                  </div>
                  <div className="flash-card__qr" role="img" aria-label="快讯二维码">
                    <QRCodeCanvas
                      value={target}
                      size={160}
                      marginSize={1}
                      style={{ width: '100%', height: '100%' }}
                    />
                  </div>
                </figcaption>
              </figure>
            )}
          </QueryStates>
        )}
      </main>
    </>
  );
}
