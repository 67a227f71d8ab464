import { describe, expect, it } from 'vitest';
import { sniffImageType } from './images';

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => new TextEncoder().encode(text);

describe('sniffImageType', () => {
  it('knows JPEG, PNG and WebP by their first bytes', () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('image/jpeg');
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffImageType(ascii('RIFF\u0024\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses anything else, including a truncated signature', () => {
    expect(sniffImageType(ascii('<svg onload="alert(1)">'))).toBeUndefined();
    expect(sniffImageType(ascii('<html><script>'))).toBeUndefined();
    expect(sniffImageType(ascii('GIF89a'))).toBeUndefined();
    expect(sniffImageType(ascii('RIFF\u0024\u0000\u0000\u0000WAVE'))).toBeUndefined();
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47))).toBeUndefined();
    expect(sniffImageType(bytes())).toBeUndefined();
  });
});
