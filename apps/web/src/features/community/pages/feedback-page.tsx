import { feedbackMaxImages, feedbackStatuses } from '@zhicai/contract';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { currentEnvironment } from '../../../platform/environment.ts';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { QueryStates } from '../../../ui/section/index.ts';
import { SignInPrompt } from '../../../ui/sign-in-prompt/index.ts';
import { toast } from '../../../ui/toast/toast.ts';
import { type FeedbackItem, uploadImage, useFeedbackList, useSubmitFeedback } from '../api/feedback.ts';
import { beijingTime, failureText } from '../community-rules.ts';
import '../community.css';

const statusLabels: Readonly<Record<FeedbackItem['status'], string>> = {
  pending: '待处理',
  processing: '处理中',
  replied: '已回复',
  closed: '已关闭',
};
// Every status the contract knows has its label (a new one fails to compile here).
void (feedbackStatuses satisfies readonly (keyof typeof statusLabels)[]);

/**
 * /feedback (意见反馈, from 设置): what went wrong or could be better, a way to reach the user, up
 * to three screenshots uploaded through `oss/sign` and a multipart POST; below, the user's past
 * feedback with its status and our reply.
 */
export default function FeedbackPage() {
  const signedIn = useLocalState((state) => state.token !== null);
  return (
    <>
      <PageHeader title="意见反馈" />
      <main className="community-page">
        {signedIn ? (
          <>
            <FeedbackForm />
            <MyFeedback />
          </>
        ) : (
          <SignInPrompt className="community-card" text="登录后提交意见反馈，便于我们回复你" />
        )}
      </main>
    </>
  );
}

function FeedbackForm() {
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const submit = useSubmitFeedback();

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])].slice(0, feedbackMaxImages - images.length);
    event.target.value = '';
    if (files.length === 0) return;
    setUploading(true);
    try {
      for (const file of files) {
        const url = await uploadImage(file, file.name);
        setImages((held) => [...held, url]);
      }
    } catch (error) {
      toast.error(failureText(error, '图片上传失败，请换一张或稍后再试'));
    } finally {
      setUploading(false);
    }
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    const appVersion = currentEnvironment().appVersion;
    submit.mutate(
      {
        content: content.trim(),
        ...(contact.trim() ? { contact: contact.trim() } : {}),
        images,
        ...(appVersion ? { appVersion } : {}),
      },
      {
        onSuccess: () => {
          setContent('');
          setContact('');
          setImages([]);
          toast.success('感谢反馈，我们会尽快处理');
        },
        onError: (error) => toast.error(failureText(error, '提交失败，请稍后再试')),
      },
    );
  };

  return (
    <form className="community-card community-form" onSubmit={send} aria-label="提交反馈">
      <textarea
        aria-label="反馈内容"
        placeholder="请描述遇到的问题或建议（至少 5 个字）"
        maxLength={500}
        rows={5}
        value={content}
        onChange={(event) => setContent(event.target.value)}
      />
      <span className="community-muted">{content.length}/500</span>
      <ul className="feedback-images" aria-label="已选图片">
        {images.map((url, index) => (
          <li key={url}>
            <img src={url} alt={`图片 ${index + 1}`} />
            <button
              type="button"
              className="feedback-images__remove"
              onClick={() => setImages((held) => held.filter((item) => item !== url))}
            >
              删除
            </button>
          </li>
        ))}
        {images.length < feedbackMaxImages ? (
          <li>
            <label className="feedback-images__add">
              {uploading ? '上传中…' : `添加图片 ${images.length}/${feedbackMaxImages}`}
              <input
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                multiple
                hidden
                disabled={uploading}
                aria-label="添加图片"
                onChange={(event) => void pick(event)}
              />
            </label>
          </li>
        ) : null}
      </ul>
      <input
        aria-label="联系方式"
        placeholder="手机号、邮箱或微信（选填）"
        maxLength={50}
        value={contact}
        onChange={(event) => setContact(event.target.value)}
      />
      <button
        type="submit"
        className="button button--primary"
        disabled={submit.isPending || uploading || content.trim().length < 5}
      >
        {submit.isPending ? '提交中…' : '提交反馈'}
      </button>
    </form>
  );
}

function MyFeedback() {
  const list = useFeedbackList(true);
  return (
    <section aria-label="我的反馈">
      <h2 className="community-muted">我的反馈</h2>
      <QueryStates
        query={list}
        skeletonLines={3}
        errorText="反馈记录加载失败"
        isEmpty={(data) => data.length === 0}
        emptyText="还没有提交过反馈"
      >
        {(data) => (
          <ul className="community-list">
            {data.map((item) => (
              <li key={item.id} className="community-card">
                <p>{item.content}</p>
                {item.images.length > 0 ? (
                  <ul className="feedback-images">
                    {item.images.map((url, index) => (
                      <li key={url}>
                        <img src={url} alt={`反馈图片 ${index + 1}`} />
                      </li>
                    ))}
                  </ul>
                ) : null}
                {item.reply ? <p>回复：{item.reply}</p> : null}
                <span className="community-muted">
                  {beijingTime(item.createdAt)} · {statusLabels[item.status]}
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </section>
  );
}
