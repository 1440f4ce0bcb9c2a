import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../platform/storage/web-storage.ts';
import { dismissedPopupsKey, dismissPopup, isPopupDismissed } from './dismissed-popups.ts';
import { popupTapAction } from './popup-action.ts';

describe('popupTapAction (spec 1 §2)', () => {
  it('opens URLs containing http in a new window', () => {
    expect(popupTapAction('https://activity.example.com/618')).toEqual({
      kind: 'open',
      url: 'https://activity.example.com/618',
    });
  });

  it('only closes for URLs containing #', () => {
    expect(popupTapAction('#')).toEqual({ kind: 'close' });
    expect(popupTapAction('/vote#rules')).toEqual({ kind: 'close' });
  });

  it('navigates to in-app paths, and to / when the URL is empty', () => {
    expect(popupTapAction('/newUserParty')).toEqual({ kind: 'navigate', to: '/newUserParty' });
    expect(popupTapAction('')).toEqual({ kind: 'navigate', to: '/' });
  });
});

describe('dismissed popups', () => {
  it('remembers closed popups by id', () => {
    const storage = memoryStorage();
    expect(isPopupDismissed(3, storage)).toBe(false);
    dismissPopup(3, storage);
    expect(isPopupDismissed(3, storage)).toBe(true);
    expect(isPopupDismissed(4, storage)).toBe(false);
  });

  it('keeps the latest 50 ids and survives corrupted storage', () => {
    const storage = memoryStorage();
    storage.setItem(dismissedPopupsKey, 'oops');
    for (let id = 1; id <= 60; id += 1) dismissPopup(id, storage);
    expect(isPopupDismissed(10, storage)).toBe(false);
    expect(isPopupDismissed(11, storage)).toBe(true);
    expect(isPopupDismissed(60, storage)).toBe(true);
  });
});
