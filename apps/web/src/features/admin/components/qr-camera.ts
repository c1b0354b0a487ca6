/**
 * The Scan button's camera and QR reader. The camera is the browser's (getUserMedia, the back camera
 * where there is one); frames are read by zxing-wasm (ZXing C++ compiled to WebAssembly), loaded only
 * when a scan starts and served with the app: its .wasm is a file of the build, never fetched from a CDN.
 */
import type * as ZxingReader from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** Why the camera could not start, each told to the staff member in words of its own. */
export type CameraProblem = 'denied' | 'missing' | 'busy' | 'unavailable' | 'failed';

export const CAMERA_PROBLEMS: Record<CameraProblem, string> = {
  denied:
    'The camera is blocked for this site. Allow the camera in the browser’s site settings (the camera or lock icon beside the address), then choose Try again, or type the booking code below.',
  missing: 'No camera was found on this device. Type the booking code below.',
  busy: 'The camera is in use by another app or tab. Close it, then choose Try again, or type the booking code below.',
  unavailable:
    'This browser cannot use a camera here (the back office must be opened over https). Type the booking code below.',
  failed: 'The camera could not be started. Choose Try again, or type the booking code below.',
};

function cameraProblemOf(error: unknown): CameraProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
    return 'missing';
  if (name === 'NotReadableError' || name === 'AbortError' || name === 'TrackStartError') return 'busy';
  return 'failed';
}

export async function openCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new CameraError('unavailable');
  try {
    return await navigator.mediaDevices.getUserMedia({
      audio: false,
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
    });
  } catch (error) {
    throw new CameraError(cameraProblemOf(error));
  }
}

export class CameraError extends Error {
  constructor(readonly problem: CameraProblem) {
    super(CAMERA_PROBLEMS[problem]);
    this.name = 'CameraError';
  }
}

let reader: Promise<typeof ZxingReader> | null = null;

/** The decoder, loaded once, with its WebAssembly from this site. */
function loadReader() {
  reader ??= import('zxing-wasm/reader').then((module) => {
    module.prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
      },
    });
    return module;
  });
  return reader;
}

/** Starts loading the decoder while the camera is being asked for. */
export function preloadQrReader(): void {
  void loadReader();
}

/** The text of the first QR code in the frame, or null when there is none. */
export async function readQrCode(frame: ImageData): Promise<string | null> {
  const { readBarcodes } = await loadReader();
  const results: ZxingReader.ReadResult[] = await readBarcodes(frame, {
    formats: ['QRCode'],
    tryHarder: true,
    maxNumberOfSymbols: 1,
  });
  return results.find((result) => result.isValid && result.text)?.text ?? null;
}
