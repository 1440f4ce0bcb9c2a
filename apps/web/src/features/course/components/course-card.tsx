import { type CourseSummary, courseTypeLabels, href } from '@zhicai/contract';
import { Link } from 'react-router';
import { coursePercent, learnersText, progressText } from '../course-rules.ts';

/** One course in a list: title, category, access, chapters, learners and the reader's progress. */
export function CourseCard({ course }: { course: CourseSummary }) {
  const progress = progressText(course);
  const percent = coursePercent(course);
  return (
    <li className="course-card">
      <Link to={href('CourseDetails', { courseId: course.id })} className="course-card__link">
        <div className={`course-card__cover course-card__cover--${course.type}`} aria-hidden="true">
          {courseTypeLabels[course.type]}
        </div>
        <div className="course-card__body">
          <h3 className="course-card__title">
            {course.title}
            {course.access === 'vip' ? <span className="course-tag course-tag--vip">会员专享</span> : null}
          </h3>
          <p className="course-card__subtitle">{course.subtitle}</p>
          <p className="course-card__meta">
            <span>图文 · {course.chapterCount} 章</span>
            <span>{learnersText(course.learnerCount)}</span>
            {course.demo ? <span className="course-tag">演示课程</span> : null}
          </p>
          {progress ? (
            <div className="course-card__progress">
              <span
                className="course-progress"
                role="progressbar"
                aria-label={`${course.title}学习进度`}
                aria-valuenow={percent}
                aria-valuemin={0}
                aria-valuemax={100}
              >
                <span className="course-progress__bar" style={{ width: `${percent}%` }} />
              </span>
              <span className="course-card__progress-text">{progress}</span>
            </div>
          ) : null}
        </div>
      </Link>
    </li>
  );
}

export function CourseCards({ courses }: { courses: readonly CourseSummary[] }) {
  return (
    <ul className="course-cards">
      {courses.map((course) => (
        <CourseCard key={course.id} course={course} />
      ))}
    </ul>
  );
}
