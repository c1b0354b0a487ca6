/** The authenticator app (RFC 6238 TOTP through otplib): 30-second steps, 6 digits, SHA-1 as every app expects. */
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

export const newTotpSecret = (): string => generateSecret({ length: 20 });

export const totpUri = (issuer: string, email: string, secret: string): string =>
  generateURI({ issuer, label: email, secret });

/** The otpauth URI as an SVG QR code (a data: URL): drawn here, never by an outside service. */
export async function totpQrCode(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * Whether `code` is the app's at `now` (one step either side, for a phone's clock drift), answering its time
 * step; a step at or before `lastStep` (a code already taken) is refused as `used`.
 */
export async function checkTotp(
  secret: string,
  code: string,
  now: Date,
  lastStep: number | null,
): Promise<{ ok: true; step: number } | { ok: false; used: boolean }> {
  const epoch = Math.floor(now.getTime() / 1000);
  const result = await verify({ secret, token: code, epoch, epochTolerance: 30 });
  if (!result.valid) return { ok: false, used: false };
  const step = Math.floor(epoch / 30) + result.delta;
  if (lastStep !== null && step <= lastStep) return { ok: false, used: true };
  return { ok: true, step };
}
