import {
  type AnswerOutcome,
  type ChapterDetail,
  coursePassMark,
  type ExerciseQuestion,
  href,
  type optionKeys,
} from '@zhicai/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { QueryStates, SectionEmpty } from '../../../ui/section/index.ts';
import { SignInPrompt } from '../../../ui/sign-in-prompt/index.ts';
import { toast } from '../../../ui/toast/toast.ts';
import { useChapterDetail } from '../api/chapter-detail.ts';
import { useChapterList } from '../api/chapter-list.ts';
import { useUserAnswer } from '../api/user-answer.ts';
import { LockedNote } from '../components/locked-note.tsx';
import { validId } from '../course-rules.ts';
import '../course.css';

type OptionKey = (typeof optionKeys)[number];

/** /ChapterExercises?courseId=&chapterId=: a chapter's questions, graded on the server with explanations. */
export default function ChapterExercisesPage() {
  const [params] = useSearchParams();
  const courseId = validId(params.get('courseId'));
  const chapterId = validId(params.get('chapterId'));
  const list = useChapterList(courseId);
  const summary = list.data?.chapters.find((chapter) => chapter.id === chapterId);
  const locked = summary?.locked ?? false;
  const detail = useChapterDetail(chapterId, summary !== undefined && !locked);
  const missing = courseId === 0 || chapterId === 0 || (list.data !== undefined && summary === undefined);
  return (
    <>
      <PageHeader title="章节练习" />
      <main className="course-page">
        {missing ? (
          <SectionEmpty>章节不存在</SectionEmpty>
        ) : locked ? (
          <LockedNote title={summary?.title} courseId={courseId} />
        ) : list.data === undefined ? (
          <QueryStates query={list} skeletonLines={8} errorText="练习加载失败">
            {() => null}
          </QueryStates>
        ) : (
          <QueryStates
            query={detail}
            skeletonLines={8}
            errorText="练习加载失败"
            isEmpty={(chapter) => chapter.questions.length === 0}
            emptyText="本章没有练习题"
          >
            {(chapter) => <Exercise key={chapter.id} chapter={chapter} />}
          </QueryStates>
        )}
      </main>
    </>
  );
}

function Exercise({ chapter }: { chapter: ChapterDetail }) {
  const signedIn = useLocalState((state) => state.token !== null);
  const [choices, setChoices] = useState<Record<number, OptionKey[]>>({});
  const [outcome, setOutcome] = useState<AnswerOutcome | null>(null);
  const answer = useUserAnswer();
  const total = chapter.questions.length;
  const answered = chapter.questions.filter((question) => (choices[question.id]?.length ?? 0) > 0).length;

  const choose = (question: ExerciseQuestion, key: OptionKey) => {
    if (outcome) return;
    setChoices((current) => {
      const chosen = current[question.id] ?? [];
      if (question.kind === 'single') return { ...current, [question.id]: [key] };
      return {
        ...current,
        [question.id]: chosen.includes(key) ? chosen.filter((item) => item !== key) : [...chosen, key],
      };
    });
  };

  const submit = () => {
    answer.mutate(
      {
        chapterId: chapter.id,
        answers: chapter.questions.map((question) => ({
          questionId: question.id,
          choices: choices[question.id] ?? [],
        })),
      },
      {
        onSuccess: (result) => {
          setOutcome(result);
          window.scrollTo?.({ top: 0 });
        },
        onError: (error) =>
          toast.error(
            error instanceof Error && /[\u4e00-\u9fa5]/.test(error.message)
              ? error.message
              : '提交失败，请稍后再试',
          ),
      },
    );
  };

  const retry = () => {
    setChoices({});
    setOutcome(null);
  };

  const results = new Map(outcome?.results.map((result) => [result.questionId, result]));
  return (
    <>
      <section className="course-card-box" aria-label="练习说明">
        <p className="course-muted">
          {chapter.courseTitle} · 第 {chapter.sort} 章
        </p>
        <h2 className="course-lesson__title">{chapter.title}</h2>
        <p>
          共 {total} 题，答对 {coursePassMark(total)} 题及格。
          {chapter.progress?.bestScore != null
            ? `历史最好成绩 ${chapter.progress.bestScore}/${total}。`
            : null}
        </p>
      </section>

      {outcome ? (
        <section
          className={`course-card-box course-score ${outcome.passed ? 'course-score--passed' : ''}`}
          aria-label="练习结果"
          role="status"
        >
          <p className="course-score__figure">
            {outcome.score}/{outcome.total}
          </p>
          <p>
            {outcome.passed
              ? '恭喜，本章练习已及格！'
              : `未及格，答对 ${outcome.passMark} 题即可及格，再试一次吧。`}
          </p>
          <p className="course-muted">
            最好成绩 {outcome.bestScore}/{outcome.total}
          </p>
        </section>
      ) : null}

      <ol className="course-questions">
        {chapter.questions.map((question, index) => {
          const result = results.get(question.id);
          const chosen = result?.chosen ?? choices[question.id] ?? [];
          return (
            <li key={question.id} className="course-card-box course-question">
              <fieldset aria-label={`第 ${index + 1} 题`} disabled={outcome !== null}>
                <legend>
                  <span className="course-tag">{question.kind === 'single' ? '单选' : '多选'}</span>
                  {index + 1}. {question.stem}
                </legend>
                {question.options.map((option) => {
                  const picked = chosen.includes(option.key);
                  const right = result?.answer.includes(option.key) ?? false;
                  const state = result ? (right ? 'right' : picked ? 'wrong' : '') : picked ? 'picked' : '';
                  return (
                    <label key={option.key} className={`course-option course-option--${state || 'idle'}`}>
                      <input
                        type={question.kind === 'single' ? 'radio' : 'checkbox'}
                        name={`question-${question.id}`}
                        checked={picked}
                        onChange={() => choose(question, option.key)}
                      />
                      <span>
                        {option.key}. {option.text}
                      </span>
                    </label>
                  );
                })}
              </fieldset>
              {result ? (
                <div
                  className={`course-explain ${result.correct ? 'course-explain--right' : 'course-explain--wrong'}`}
                >
                  <p>
                    <strong>{result.correct ? '✓ 回答正确' : '✗ 回答错误'}</strong> · 正确答案{' '}
                    {result.answer.join('')}
                  </p>
                  <p>{result.explanation}</p>
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>

      {!signedIn ? (
        <SignInPrompt className="community-card" text="登录后提交答案，查看解析并记录成绩" />
      ) : outcome ? (
        <nav className="course-card-box course-lesson__nav" aria-label="练习之后">
          <button type="button" className="button" onClick={retry}>
            再做一次
          </button>
          {chapter.nextChapterId ? (
            <Link
              className="button button--primary"
              to={href('subjectSection', { courseId: chapter.courseId, chapterId: chapter.nextChapterId })}
            >
              学习下一章
            </Link>
          ) : (
            <Link
              className="button button--primary"
              to={href('CertificateCompletion', { courseId: chapter.courseId })}
            >
              查看结业证书
            </Link>
          )}
          <Link className="button" to={href('CourseDetails', { courseId: chapter.courseId })}>
            返回课程
          </Link>
        </nav>
      ) : (
        <div className="course-bar">
          <button
            type="button"
            className="button button--primary course-bar__button"
            disabled={answered < total || answer.isPending}
            onClick={submit}
          >
            {answer.isPending
              ? '正在提交…'
              : answered < total
                ? `还有 ${total - answered} 题未答`
                : '提交答案'}
          </button>
        </div>
      )}
    </>
  );
}
