// Real image files for uploads, drawn with sharp.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imali-e2e-img-'));

export async function makeImage(
  name: string,
  format: 'png' | 'jpeg',
  { width = 800, height = 500, color = '#1f7a56' } = {},
): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="${color}"/>
    <rect x="40" y="40" width="${width / 3}" height="${height - 80}" rx="16" fill="#f2c14e"/>
    <text x="${width / 2}" y="${height / 2}" font-size="48" fill="#fff" font-family="sans-serif">IMALI TEST ID</text>
  </svg>`;
  const file = path.join(dir, `${name}.${format === 'png' ? 'png' : 'jpg'}`);
  const img = sharp(Buffer.from(svg));
  await (format === 'png' ? img.png() : img.jpeg({ quality: 85 })).toFile(file);
  return file;
}

/** A text file dressed up with an image name (the browser must refuse it by type). */
export function makeFakeImage(name: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, 'this is not an image');
  return file;
}
