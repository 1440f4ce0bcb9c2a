import type { PointsRepository } from './points.repository.ts';

/** The Asia/Shanghai calendar day (UTC+8 all year), YYYY-MM-DD: check-ins reset at Beijing midnight. */
export function shanghaiDate(now: Date): string {
  return new Date(now.getTime() + 8 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

export function createPointsService(repository: PointsRepository, clock: () => Date) {
  return {
    /**
     * spec 1 §2: the points prompt shows when the user has not checked in today. A visitor has no
     * check-in, so the answer is false rather than a login demand that would disturb startup.
     */
    async hasCheckedInToday(userId: number | null): Promise<boolean> {
      if (userId === null) return false;
      return repository.hasCheckIn(userId, shanghaiDate(clock()));
    },
  };
}

export type PointsService = ReturnType<typeof createPointsService>;
