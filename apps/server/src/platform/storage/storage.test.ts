import { describe, expect, it } from 'vitest';
import { sniffContentType } from './content-type.ts';
import { boundaryOf, parseMultipart } from './multipart.ts';
import { createS3ObjectStorage } from './s3-storage.ts';

describe('content type by bytes', () => {
  it('recognises the accepted types whatever the name and refuses a program', () => {
    const bytes = (...values: number[]) => new Uint8Array(values);
    const text = (value: string) => new TextEncoder().encode(value);
    expect(sniffContentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffContentType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffContentType(text('GIF89a'))).toBe('image/gif');
    expect(sniffContentType(text('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffContentType(text('\0\0\0\u0018ftypmp42'))).toBe('video/mp4');
    expect(sniffContentType(text('MZ\u0090\0'))).toBeNull();
    expect(sniffContentType(text('<svg onload=alert(1)>'))).toBeNull();
  });
});

describe('multipart form', () => {
  it('splits fields and a file, the file bytes untouched', async () => {
    const form = new FormData();
    form.append('key', 'feedback/20261126/x');
    form.append('file', new Blob([new Uint8Array([0, 13, 10, 45, 45, 255])]), 'a.png');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const boundary = boundaryOf(request.headers.get('content-type') ?? undefined);
    const parts = parseMultipart(Buffer.from(await request.arrayBuffer()), boundary ?? '');
    expect(parts?.map((part) => [part.name, part.filename])).toEqual([
      ['key', null],
      ['file', 'a.png'],
    ]);
    expect([...(parts?.[1]?.data ?? [])]).toEqual([0, 13, 10, 45, 45, 255]);
    expect(parseMultipart(Buffer.from('not a form'), boundary ?? '')).toBeNull();
  });
});

describe('S3 presigned POST', () => {
  it('pins the key, the size range and an HTTP 200 answer in a signed policy', () => {
    const storage = createS3ObjectStorage({
      uploadUrl: 'https://bucket.s3.example.com',
      publicUrl: 'https://cdn.example.com/',
      region: 'cn-north-1',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
    });
    const upload = storage.presign({
      key: 'feedback/20261126/0f8fad5b-d9cb-469f-a165-70867728950e',
      objectKind: 'image',
      signedAt: new Date('2026-11-26T01:00:00Z'),
      expiresAt: new Date('2026-11-26T01:10:00Z'),
    });
    expect(upload.uploadUrl).toBe('https://bucket.s3.example.com');
    expect(upload.publicUrl).toBe(
      'https://cdn.example.com/feedback/20261126/0f8fad5b-d9cb-469f-a165-70867728950e',
    );
    expect(upload.fields['x-amz-credential']).toBe('AKID/20261126/cn-north-1/s3/aws4_request');
    expect(upload.fields['x-amz-signature']).toMatch(/^[0-9a-f]{64}$/);
    const policy = JSON.parse(Buffer.from(upload.fields.policy ?? '', 'base64').toString('utf8'));
    expect(policy.expiration).toBe('2026-11-26T01:10:00.000Z');
    expect(policy.conditions).toContainEqual({ success_action_status: '200' });
    expect(policy.conditions).toContainEqual({ key: upload.fields.key });
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 5 * 1024 * 1024]);
  });
});
