import { createHmac } from 'node:crypto';
import { SNIFF_BYTES } from './content-type.ts';
import {
  type ObjectStorage,
  objectKeyPattern,
  objectLimits,
  type PresignedUpload,
  StorageUnavailableError,
} from './object-storage.ts';

export interface S3StorageOptions {
  /** The bucket's POST URL, e.g. https://bucket.s3.example.com (virtual-hosted style). */
  uploadUrl: string;
  /** Where objects are read back: a public bucket URL or a CDN in front of it. */
  publicUrl: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  fetch?: typeof fetch;
}

const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();

/** `20261126T013000Z`, as AWS signature version 4 writes times. */
function amzDate(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * Any S3-compatible storage (AWS S3, Aliyun OSS's S3 API, MinIO, Cloudflare R2) through presigned
 * POSTs signed with AWS signature version 4: the policy pins the key, the size range and an answer
 * of HTTP 200 (spec 1 §8: a multipart call succeeds only on 200). The bucket cannot look at the
 * bytes, so the type is judged when the object is used (`head` reads its first bytes back).
 */
export function createS3ObjectStorage(options: S3StorageOptions): ObjectStorage {
  const read = options.fetch ?? fetch;
  const publicBase = options.publicUrl.replace(/\/$/, '');
  const publicUrl = (key: string) => `${publicBase}/${key}`;
  return {
    kind: 's3',
    description: `S3-compatible bucket ${new URL(options.uploadUrl).origin}`,
    presign({ key, objectKind, signedAt, expiresAt }): PresignedUpload {
      const date = amzDate(signedAt);
      const day = date.slice(0, 8);
      const scope = `${day}/${options.region}/s3/aws4_request`;
      const credential = `${options.accessKeyId}/${scope}`;
      const fields: Record<string, string> = {
        key,
        success_action_status: '200',
        'x-amz-algorithm': 'AWS4-HMAC-SHA256',
        'x-amz-credential': credential,
        'x-amz-date': date,
      };
      const policy = Buffer.from(
        JSON.stringify({
          expiration: expiresAt.toISOString(),
          conditions: [
            ...Object.entries(fields).map(([name, value]) => ({ [name]: value })),
            ['content-length-range', 1, objectLimits[objectKind].maxBytes],
          ],
        }),
      ).toString('base64');
      const signingKey = hmac(
        hmac(hmac(hmac(`AWS4${options.secretAccessKey}`, day), options.region), 's3'),
        'aws4_request',
      );
      fields.policy = policy;
      fields['x-amz-signature'] = createHmac('sha256', signingKey).update(policy).digest('hex');
      return { uploadUrl: options.uploadUrl, fields, fileField: 'file', publicUrl: publicUrl(key) };
    },
    publicUrl,
    async head(key) {
      if (!objectKeyPattern.test(key)) return null;
      let response: Response;
      try {
        response = await read(publicUrl(key), {
          headers: { range: `bytes=0-${SNIFF_BYTES - 1}` },
          signal: AbortSignal.timeout(5000),
        });
      } catch (error) {
        throw new StorageUnavailableError(`object storage unreachable: ${String(error)}`);
      }
      if (response.status === 404 || response.status === 403) return null;
      if (!response.ok) throw new StorageUnavailableError(`object storage answered HTTP ${response.status}`);
      return new Uint8Array(await response.arrayBuffer()).subarray(0, SNIFF_BYTES);
    },
  };
}
