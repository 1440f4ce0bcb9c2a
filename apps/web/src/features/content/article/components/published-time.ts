import { missingValue, shiftToBeijing } from '@zhicai/domain';

/** An ISO instant as Beijing wall-clock 'YYYY-MM-DD HH:mm'. */
export function publishedText(iso: string): string {
  return shiftToBeijing(Date.parse(iso))?.slice(0, 16) ?? missingValue;
}
