/**
 * A camera's photo made small before it is sent (issue 23): drawn at most BROWSER_PHOTO_MAX_EDGE wide
 * or high and encoded as JPEG, so a 12 MP phone photo of several MB goes up as a few hundred kB. The
 * server re-encodes it anyway; a file the browser cannot draw is sent as it is, for the server to judge.
 */
import { BROWSER_PHOTO_MAX_EDGE, BROWSER_PHOTO_QUALITY, fitWithin } from '@parking/domain/custody-photos';

export async function compressPhoto(file: Blob): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  const size = fitWithin(bitmap.width, bitmap.height, BROWSER_PHOTO_MAX_EDGE);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return file;
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', BROWSER_PHOTO_QUALITY),
  );
  return blob ?? file;
}
