import type { FastifyInstance } from 'fastify';

/** What an upload may be: images for feedback and comments, short videos. */
export type ObjectKind = 'image' | 'video';

export interface ObjectLimits {
  maxBytes: number;
  /** Content types, as read from the object's first bytes (content-type.ts). */
  accept: readonly string[];
}

const MiB = 1024 * 1024;

/** Size and type limits per kind; the type is judged by the bytes, never by a name or a header. */
export const objectLimits: Readonly<Record<ObjectKind, ObjectLimits>> = {
  image: { maxBytes: 5 * MiB, accept: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] },
  video: { maxBytes: 20 * MiB, accept: ['video/mp4'] },
};

/** How long a signed upload stays good. */
export const UPLOAD_TTL_MS = 10 * 60_000;

/** An object key: `<purpose>/<yyyymmdd>/<uuid>`. Nothing else is a key, so none can leave its folder. */
export const objectKeyPattern =
  /^[a-z]{2,16}\/\d{8}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A presigned multipart POST (the S3 shape): the form's fields, then the file under `fileField`. */
export interface PresignedUpload {
  uploadUrl: string;
  fields: Record<string, string>;
  fileField: string;
  publicUrl: string;
}

/**
 * Object storage for user uploads (issue 17 item 4). The real implementation is any S3-compatible
 * service reached by presigned POSTs; the local one stores under `DATA_DIR/uploads` and serves the
 * files back itself. Both hand out the same kind of ticket, so the client has one upload path.
 */
export interface ObjectStorage {
  kind: 'local' | 's3';
  /** For the boot log: which implementation runs and where objects go. */
  description: string;
  presign(input: { key: string; objectKind: ObjectKind; signedAt: Date; expiresAt: Date }): PresignedUpload;
  /** Where a stored object is read. */
  publicUrl(key: string): string;
  /** The first bytes of a stored object (enough to judge its type), or null when there is none. */
  head(key: string): Promise<Uint8Array | null>;
  /** Routes the implementation serves itself (the local upload target and the files). */
  registerRoutes?(app: FastifyInstance): void | Promise<void>;
}

/** Thrown when the storage service cannot be reached; the caller answers 503. */
export class StorageUnavailableError extends Error {}
