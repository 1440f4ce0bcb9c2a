import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, open, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Codes, type ResponseCode } from '@zhicai/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { success } from '../../http/envelope.ts';
import { SNIFF_BYTES, sniffContentType } from './content-type.ts';
import { boundaryOf, parseMultipart } from './multipart.ts';
import {
  type ObjectKind,
  type ObjectStorage,
  objectKeyPattern,
  objectLimits,
  type PresignedUpload,
} from './object-storage.ts';

/** Where the local storage keeps objects, relative to DATA_DIR. */
export const UPLOADS_FOLDER = 'uploads';
/** The local upload target: the URL a ticket sends its multipart POST to. */
export const LOCAL_UPLOAD_PATH = '/api/v2/oss/upload';
/** Where stored objects are served: `/uploads/<key>`. */
export const LOCAL_OBJECTS_PATH = '/uploads';
const FILE_FIELD = 'file';
/** Room for the form's text fields and part headers around the file. */
const FORM_OVERHEAD_BYTES = 16 * 1024;

/** A multipart body, its bytes kept out of reach of hooks that walk a body's properties. */
class MultipartBody {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
}

function isObjectKind(value: string | undefined): value is ObjectKind {
  return value === 'image' || value === 'video';
}

/**
 * Development and single-host object storage: tickets point at this server's own upload target,
 * signed with a key made at start (a restart voids tickets not yet used, which live ten minutes
 * anyway); the target checks the signature, the expiry, the size and the type by content, then
 * keeps the file under `DATA_DIR/uploads/<key>` and serves it at `/uploads/<key>`.
 */
export function createLocalObjectStorage(
  dataDir: string,
  logger: FastifyBaseLogger,
  clock: () => Date,
): ObjectStorage {
  const folder = path.join(dataDir, UPLOADS_FOLDER);
  const secret = randomBytes(32);
  const signatureOf = (key: string, kind: string, expires: string) =>
    createHmac('sha256', secret).update(`${key}\n${kind}\n${expires}`).digest('hex');
  const fileOf = (key: string) => path.join(folder, ...key.split('/'));

  const head = async (key: string): Promise<Uint8Array | null> => {
    if (!objectKeyPattern.test(key)) return null;
    try {
      const handle = await open(fileOf(key), 'r');
      try {
        const buffer = Buffer.alloc(SNIFF_BYTES);
        const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    } catch {
      return null;
    }
  };

  const refuse = (message: string, status: number, code: ResponseCode = Codes.invalidParams) =>
    new AppError(code, message, status);

  return {
    kind: 'local',
    description: `local folder ${folder}`,
    presign({ key, objectKind, expiresAt }): PresignedUpload {
      const expires = String(expiresAt.getTime());
      return {
        uploadUrl: LOCAL_UPLOAD_PATH,
        fields: { key, kind: objectKind, expires, signature: signatureOf(key, objectKind, expires) },
        fileField: FILE_FIELD,
        publicUrl: `${LOCAL_OBJECTS_PATH}/${key}`,
      };
    },
    publicUrl: (key) => `${LOCAL_OBJECTS_PATH}/${key}`,
    head,
    async registerRoutes(app: FastifyInstance) {
      await app.register(async (scope) => {
        scope.addContentTypeParser(
          'multipart/form-data',
          { parseAs: 'buffer', bodyLimit: objectLimits.video.maxBytes + FORM_OVERHEAD_BYTES },
          (_request, body, done) => done(null, new MultipartBody(body as Buffer)),
        );
        scope.post(LOCAL_UPLOAD_PATH, { schema: { hide: true } }, async (request) => {
          const boundary = boundaryOf(request.headers['content-type']);
          if (!(request.body instanceof MultipartBody) || !boundary)
            throw refuse('请以 multipart/form-data 上传', 415, Codes.unsupportedMediaType);
          const parts = parseMultipart(request.body.bytes, boundary);
          if (!parts) throw refuse('上传内容格式有误', 400);
          const field = (name: string) =>
            parts.find((part) => part.name === name && part.filename === null)?.data.toString('utf8');
          const key = field('key') ?? '';
          const kind = field('kind');
          const expires = field('expires') ?? '';
          const signature = Buffer.from(field('signature') ?? '');
          if (!objectKeyPattern.test(key) || !isObjectKind(kind) || !/^\d{1,15}$/.test(expires))
            throw refuse('上传凭证有误', 403, Codes.badSignature);
          const expected = Buffer.from(signatureOf(key, kind, expires));
          if (signature.length !== expected.length || !timingSafeEqual(signature, expected))
            throw refuse('上传凭证有误', 403, Codes.badSignature);
          if (Number(expires) < clock().getTime())
            throw refuse('上传凭证已过期，请重新上传', 403, Codes.badSignature);
          const file = parts.find((part) => part.name === FILE_FIELD);
          if (!file || file.data.length === 0) throw refuse('请选择要上传的文件', 400);
          const limits = objectLimits[kind];
          if (file.data.length > limits.maxBytes)
            throw refuse(`文件不能超过 ${limits.maxBytes / 1024 / 1024} MB`, 413, Codes.payloadTooLarge);
          const contentType = sniffContentType(file.data.subarray(0, SNIFF_BYTES));
          if (!contentType || !limits.accept.includes(contentType))
            throw refuse('不支持的文件类型', 415, Codes.unsupportedMediaType);
          const target = fileOf(key);
          await mkdir(path.dirname(target), { recursive: true });
          try {
            // A ticket stores one object; `wx` refuses to replace a file another upload wrote.
            await writeFile(target, file.data, { flag: 'wx' });
          } catch {
            throw refuse('该上传凭证已使用', 409, Codes.refused);
          }
          logger.info({ key, contentType, size: file.data.length }, 'upload stored in the local folder');
          return success({ key, url: `${LOCAL_OBJECTS_PATH}/${key}`, contentType, size: file.data.length });
        });
        scope.get(`${LOCAL_OBJECTS_PATH}/*`, { schema: { hide: true } }, async (request, reply) => {
          const key = (request.params as { '*': string })['*'];
          const bytes = objectKeyPattern.test(key) ? await readFile(fileOf(key)).catch(() => null) : null;
          const contentType = bytes ? sniffContentType(bytes.subarray(0, SNIFF_BYTES)) : null;
          if (!bytes || !contentType) throw new AppError(Codes.notFound, '文件不存在', 404);
          return reply
            .header('content-type', contentType)
            .header('cache-control', 'public, max-age=31536000, immutable')
            .header('x-content-type-options', 'nosniff')
            .send(bytes);
        });
      });
    },
  };
}
