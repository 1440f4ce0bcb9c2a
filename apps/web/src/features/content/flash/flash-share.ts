import { href } from '@zhicai/contract';
import type { ShareContent } from '../../../platform/wechat/index.ts';
import type { FlashItem } from './api/news-list.ts';

/** The image a shared flash shows in WeChat's card: flashes have no picture of their own. */
export const flashShareImage = '/favicon.svg';

/** WeChat shows about this many characters of a card's description; the rest is cut here. */
const descriptionLength = 60;

/**
 * Where a shared flash leads: its detail page with `state=auth`, which opens without the session
 * init (spec 1 §4), so anyone the card or the picture's QR code reaches can read it.
 */
export function flashShareUrl(id: number, origin: string): string {
  return new URL(href('newscastCont', { id: String(id), state: 'auth' }), origin).href;
}

/** A flash as a WeChat card (issue 17 item 9): its title, the start of its text and the brand image. */
export function flashShareContent(
  flash: Pick<FlashItem, 'id' | 'title' | 'body'>,
  origin: string,
): ShareContent {
  const text = flash.body.trim();
  return {
    title: flash.title,
    desc: text.length > descriptionLength ? `${text.slice(0, descriptionLength - 1)}…` : text,
    link: flashShareUrl(flash.id, origin),
    imgUrl: new URL(flashShareImage, origin).href,
  };
}
