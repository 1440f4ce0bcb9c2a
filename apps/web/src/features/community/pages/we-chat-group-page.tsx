import { QRCodeSVG } from 'qrcode.react';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { QueryStates } from '../../../ui/section/index.ts';
import { toast } from '../../../ui/toast/toast.ts';
import { useWechatGroup } from '../api/questions.ts';
import '../community.css';

/** /weChatGroup (加入社群): the group's QR code to scan or save, and its ID to copy. */
export default function WeChatGroupPage() {
  const group = useWechatGroup();
  const copy = async (groupId: string) => {
    try {
      await navigator.clipboard.writeText(groupId);
      toast.success('群号已复制，打开微信搜索加入');
    } catch {
      toast.error('复制失败，请长按群号手动复制');
    }
  };
  return (
    <>
      <PageHeader title="加入社群" />
      <main className="community-page">
        <QueryStates query={group} skeletonLines={5} errorText="社群信息加载失败">
          {(data) => (
            <section className="community-card wechat-group" aria-label={data.name}>
              <h2>
                {data.name}
                {data.demo ? <span className="community-demo">演示数据</span> : null}
              </h2>
              <p>{data.description}</p>
              <QRCodeSVG value={data.joinUrl} size={200} role="img" aria-label="入群二维码" />
              <p className="community-muted">微信扫一扫，或长按保存二维码</p>
              <p>
                群号：<strong>{data.groupId}</strong>
              </p>
              <button
                type="button"
                className="button button--primary"
                onClick={() => void copy(data.groupId)}
              >
                复制群号
              </button>
            </section>
          )}
        </QueryStates>
      </main>
    </>
  );
}
