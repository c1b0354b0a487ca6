/**
 * A video for Chromium's fake camera (`--use-file-for-fake-video-capture`): raw Y4M frames written here
 * in TypeScript, no ffmpeg needed, showing a QR code drawn from its modules as the booking email's is.
 */
import fs from 'node:fs';
import path from 'node:path';
import QRCode from 'qrcode';

const WIDTH = 640;
const HEIGHT = 480;
const MODULE_PIXELS = 10;
const QUIET_MODULES = 4;

/** One 4:2:0 frame's luma plane: a white page with the QR code's dark modules in the middle. */
function qrLuma(text: string): Buffer {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  const side = (size + QUIET_MODULES * 2) * MODULE_PIXELS;
  const left = Math.floor((WIDTH - side) / 2) + QUIET_MODULES * MODULE_PIXELS;
  const top = Math.floor((HEIGHT - side) / 2) + QUIET_MODULES * MODULE_PIXELS;
  for (let row = 0; row < size; row += 1)
    for (let column = 0; column < size; column += 1) {
      if (!qr.modules.get(row, column)) continue;
      for (let y = 0; y < MODULE_PIXELS; y += 1)
        luma.fill(
          16,
          (top + row * MODULE_PIXELS + y) * WIDTH + left + column * MODULE_PIXELS,
          (top + row * MODULE_PIXELS + y) * WIDTH + left + (column + 1) * MODULE_PIXELS,
        );
    }
  return luma;
}

/** Writes `frames` frames of the QR code of `text` as a Y4M file in `dir`; answers its path. */
export function writeQrVideo(dir: string, text: string, frames = 10): string {
  const file = path.join(dir, `qr-${text}.y4m`);
  const luma = qrLuma(text);
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`)];
  for (let index = 0; index < frames; index += 1) parts.push(Buffer.from('FRAME\n'), luma, chroma);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(file, Buffer.concat(parts));
  return file;
}
