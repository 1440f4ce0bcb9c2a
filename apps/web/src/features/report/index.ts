export { periodTitle as reportPeriodTitle, reportHref } from './report-rules.ts';
