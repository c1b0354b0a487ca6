import zlib from 'node:zlib';
import { expect, type APIRequestContext } from '@playwright/test';

// What content-admin.spec.ts shares: a PNG made on the spot and the Content API called as a staff member.

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG (`width` × `height`, a blue-to-orange gradient) for upload tests; no fixture file needed. */
export function gradientPng(width = 48, height = 32): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      const t = x / (width - 1);
      rows.writeUInt8(Math.round(15 + t * 230), row + 1 + x * 3);
      rows.writeUInt8(Math.round(45 + t * 100), row + 2 + x * 3);
      rows.writeUInt8(Math.round(82 - t * 60), row + 3 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const JSON_API = 'application/vnd.api+json';

/** One Content API call with a session token; answers the status and the parsed body. */
export async function contentApi(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  data?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await request.fetch(`/backend/api/v1/${path}`, {
    method,
    headers: { authorization: `Token ${token}`, 'content-type': JSON_API, accept: JSON_API },
    data: data === undefined ? undefined : JSON.stringify(data),
  });
  const text = await response.text();
  return { status: response.status(), body: text ? (JSON.parse(text) as unknown) : null };
}

/** A page as the API creates it: a draft unless told otherwise. */
export async function createPage(
  request: APIRequestContext,
  token: string,
  attributes: { title: string; path: string; content: string; status?: 'draft' | 'published' },
): Promise<string> {
  const { status, body } = await contentApi(request, token, 'POST', 'content-pages/', {
    data: { type: 'content-pages', attributes: { layout: 'page', status: 'draft', ...attributes } },
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return (body as { data: { id: string } }).data.id;
}
