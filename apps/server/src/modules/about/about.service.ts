import { type AboutInfo, Codes, type Release } from '@zhicai/contract';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { AboutRepository } from './about.repository.ts';

const releaseNotes = z.array(z.string());

/** Major, minor and patch as numbers: 1.10.0 is newer than 1.9.0, which text order gets wrong. */
function versionParts(version: string): number[] {
  return version.split('.').map(Number);
}

export function compareVersionsNewestFirst(a: string, b: string): number {
  const [left, right] = [versionParts(a), versionParts(b)];
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const difference = (right[index] ?? 0) - (left[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

export function createAboutService(repository: AboutRepository) {
  return {
    async info(): Promise<AboutInfo> {
      const row = await repository.findInfo();
      // The row is part of the seed of every database; without it the page has nothing true to say.
      if (!row) throw new AppError(Codes.notFound, '暂无关于我们的信息');
      return {
        description: row.description,
        email: row.email,
        hotline: row.hotline,
        serviceHours: row.service_hours,
        icp: row.icp,
        disclaimer: row.disclaimer,
      };
    },

    /** Every release, newest version first. */
    async releases(): Promise<Release[]> {
      const rows = await repository.listReleases();
      return rows
        .map((row) => ({
          version: row.version,
          releasedOn: row.released_on,
          title: row.title,
          notes: releaseNotes.parse(JSON.parse(row.notes_json)),
        }))
        .sort((a, b) => compareVersionsNewestFirst(a.version, b.version));
    },
  };
}

export type AboutService = ReturnType<typeof createAboutService>;
