import type { QuestionTopic } from '../api/questions.ts';

/** Short tab labels of the topics (the topics call gives the long titles). */
export const topicLabels: Readonly<Record<QuestionTopic, string>> = {
  dividend: '分红',
  valuation: '估值',
  beginner: '新手',
  fund: '基金',
};
