import { Codes } from '@zhicai/contract';
import { AppError } from '../../http/app-error.ts';
import { SNIFF_BYTES, sniffContentType } from '../../platform/storage/content-type.ts';
import {
  type ObjectStorage,
  objectLimits,
  StorageUnavailableError,
} from '../../platform/storage/object-storage.ts';
import type { UploadRow } from './community.repository.ts';

export interface OwnImagesDeps {
  findUploads(keys: readonly string[]): Promise<UploadRow[]>;
  storage: ObjectStorage;
}

/**
 * The storage keys of images a user names by their public URLs (feedback screenshots, an avatar),
 * each checked to be an upload of this user that holds an image by its bytes: another user's
 * upload, a foreign URL (a third-party host other users' phones would then load) or a file that is
 * not an image is refused with a catalogue error.
 */
export function createOwnImages({ findUploads, storage }: OwnImagesDeps) {
  return async function ownImageKeys(userId: number, urls: readonly string[]): Promise<string[]> {
    const prefix = storage.publicUrl('');
    const keys = urls.map((url) => (url.startsWith(prefix) ? url.slice(prefix.length) : ''));
    const owned = new Map((await findUploads(keys)).map((row) => [row.key, row]));
    for (const key of keys) {
      const upload = owned.get(key);
      if (!upload || upload.user_id !== userId || upload.kind !== 'image')
        throw new AppError(Codes.refused, '图片不存在，请重新上传');
      let head: Uint8Array | null;
      try {
        head = await storage.head(key);
      } catch (error) {
        if (error instanceof StorageUnavailableError)
          throw new AppError(Codes.unavailable, '图片服务暂时不可用，请稍后再试', 503);
        throw error;
      }
      const type = head ? sniffContentType(head.subarray(0, SNIFF_BYTES)) : null;
      if (!type || !objectLimits.image.accept.includes(type))
        throw new AppError(Codes.refused, '图片未上传成功，请重新上传');
    }
    return keys;
  };
}

export type OwnImageKeys = ReturnType<typeof createOwnImages>;
