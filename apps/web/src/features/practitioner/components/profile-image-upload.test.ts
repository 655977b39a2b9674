import { describe, expect, it } from 'vitest';
import { checkImageFile } from './profile-image-upload';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];

describe('checkImageFile', () => {
  it('knows PNG, JPEG and WebP by their first bytes, whatever the name says', async () => {
    expect(await checkImageFile(new Blob([new Uint8Array(PNG_HEAD)]))).toEqual({ type: 'image/png' });
    expect(await checkImageFile(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])]))).toEqual({ type: 'image/jpeg' });
    expect(await checkImageFile(new Blob(['RIFF\x10\x00\x00\x00WEBPVP8 ']))).toEqual({ type: 'image/webp' });
    expect(await checkImageFile(new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'me.png', { type: 'image/png' }))).toEqual({
      error: 'The picture must be a PNG, JPEG or WebP image',
    });
    expect(await checkImageFile(new Blob([]))).toEqual({ error: 'The picture must be a PNG, JPEG or WebP image' });
  });

  it('refuses more than 2 MB before uploading', async () => {
    const big = new Blob([new Uint8Array(PNG_HEAD), new Uint8Array(2 * 1024 * 1024)]);
    expect(await checkImageFile(big)).toEqual({ error: 'The picture must be at most 2 MB' });
  });
});
