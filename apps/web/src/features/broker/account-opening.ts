import type { AccountOpening } from '@zhicai/contract';

/** What the user reads for each state of the application (contract broker.ts). */
export const accountOpeningStatusText: Record<AccountOpening['status'], string> = {
  started: '待填写资料',
  submitted: '审核中',
  opened: '已开户',
};

/** The button that continues the application at the broker, by state. */
export function continueLabel(status: AccountOpening['status']): string | null {
  if (status === 'started') return '继续开户';
  if (status === 'submitted') return '查看进度';
  return null;
}
