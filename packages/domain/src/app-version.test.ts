import { describe, expect, it } from 'vitest';
import { isOldAppVersion, type RightNavType, rightNavType } from './app-version.ts';

describe('isOldAppVersion (spec 1 §4)', () => {
  it.each<{ name: string; version: string | number | null | undefined; expected: boolean }>([
    { name: 'ten digits below 2022022810 is old', version: '2022022809', expected: true },
    { name: 'ten digits equal to 2022022810 is current', version: '2022022810', expected: false },
    { name: 'ten digits above 2022022810 is current', version: '2023010100', expected: false },
    { name: 'a short version below 75 is old', version: '74', expected: true },
    { name: 'a short version of 75 is current', version: '75', expected: false },
    { name: 'a short version above 75 is current', version: '120', expected: false },
    { name: 'a numeric version is read like its text', version: 74, expected: true },
    { name: 'surrounding spaces are ignored', version: ' 74 ', expected: true },
    { name: 'a dotted version is not judged old', version: '7.4.0', expected: false },
    { name: 'an eleven-digit version is not judged old', version: '20220228100', expected: false },
    { name: 'an empty version is not judged old', version: '', expected: false },
    { name: 'a missing version is not judged old', version: undefined, expected: false },
    { name: 'a null version is not judged old', version: null, expected: false },
  ])('$name', ({ version, expected }) => {
    expect(isOldAppVersion(version)).toBe(expected);
  });
});

describe('rightNavType (spec 1 §4)', () => {
  it.each<{
    name: string;
    version: string | number | null | undefined;
    isHome: boolean;
    expected: RightNavType;
  }>([
    {
      name: 'ten digits from 2022102000 is 12 on the home page',
      version: '2022102000',
      isHome: true,
      expected: 12,
    },
    {
      name: 'ten digits from 2022102000 is 12 on other pages',
      version: '2022102000',
      isHome: false,
      expected: 12,
    },
    { name: 'ten digits below 2022102000 is 2', version: '2022101999', isHome: true, expected: 2 },
    { name: 'a short version of 90 on the home page is 12', version: '90', isHome: true, expected: 12 },
    { name: 'a short version above 90 on the home page is 12', version: 95, isHome: true, expected: 12 },
    { name: 'a short version of 90 off the home page is 2', version: '90', isHome: false, expected: 2 },
    { name: 'a short version below 90 on the home page is 2', version: '89', isHome: true, expected: 2 },
    { name: 'a missing version is 2', version: undefined, isHome: true, expected: 2 },
    { name: 'a non-numeric version is 2', version: 'abc', isHome: true, expected: 2 },
  ])('$name', ({ version, isHome, expected }) => {
    expect(rightNavType(version, isHome)).toBe(expected);
  });
});
