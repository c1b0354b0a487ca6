/**
 * The Apple Wallet pass (.pkpass) of a booking, made with passkit-generator: pass.json from the domain's content
 * (booking code as a QR code; drop-off, pick-up, car park, shuttle and rego; the custody record's link on the
 * back), Apple's web service (webServiceURL, authenticationToken) so that the pass follows the car, signed with
 * the pass-type certificate (a PKCS#7 detached signature of manifest.json).
 */
import { PKPass } from 'passkit-generator';
import sharp from 'sharp';
import type { WalletPassContent } from '@parking/domain/wallet-pass';
import type { Config } from '../config/config';
import type { Executor } from '../db/client';
import type { BookingRow } from '../db/rows';
import { currentBusiness } from '../documents/business-contact';
import { walletContent, type WalletPassRow } from './wallet-pass-data';
import type { AppleWallet } from './wallet-provider';

/** Where Apple's devices reach the web service: it appends /v1/devices/… (apple-web-service-routes.ts). */
export const APPLE_WEB_SERVICE_PATH = '/backend/apple-wallet';

const NAVY = '#0f2d52';
const icon = (size: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 58 58">` +
        `<rect width="58" height="58" rx="12" fill="${NAVY}"/>` +
        `<path d="M20 44V14h11a9 9 0 0 1 0 18h-6v12z" fill="#fff"/><circle cx="30" cy="23" r="4" fill="${NAVY}"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

let images: Promise<Record<string, Buffer>> | undefined;
const passImages = () =>
  (images ??= Promise.all([icon(29), icon(58), icon(87), icon(50), icon(100)]).then(
    ([one, two, three, logo, logo2]) => ({
      'icon.png': one,
      'icon@2x.png': two,
      'icon@3x.png': three,
      'logo.png': logo,
      'logo@2x.png': logo2,
    }),
  ));

interface ApplePassInput {
  wallet: AppleWallet;
  pass: WalletPassRow;
  content: WalletPassContent;
  organizationName: string;
  publicUrl: string;
}

async function applePassBuffer(input: ApplePassInput): Promise<Buffer> {
  const { wallet, pass: row, content } = input;
  const pass = new PKPass(await passImages(), wallet.certificates, {
    formatVersion: 1,
    passTypeIdentifier: wallet.passTypeIdentifier,
    teamIdentifier: wallet.teamIdentifier,
    serialNumber: row.serialNumber,
    organizationName: input.organizationName,
    description: `${input.organizationName} booking ${content.barcode}`,
    logoText: input.organizationName,
    webServiceURL: `${input.publicUrl}${APPLE_WEB_SERVICE_PATH}`,
    authenticationToken: row.authenticationToken,
    backgroundColor: 'rgb(15, 45, 82)',
    foregroundColor: 'rgb(255, 255, 255)',
    labelColor: 'rgb(190, 210, 235)',
    voided: content.voided,
  });
  pass.type = 'generic';
  pass.headerFields.push({ key: 'code', label: 'Booking', value: content.barcode });
  pass.primaryFields.push(...content.primary.map((field) => ({ ...field, changeMessage: 'Your car: %@' })));
  pass.secondaryFields.push(...content.secondary);
  pass.auxiliaryFields.push(...content.auxiliary);
  pass.backFields.push(...content.back);
  pass.setBarcodes({
    format: 'PKBarcodeFormatQR',
    message: content.barcode,
    messageEncoding: 'iso-8859-1',
    altText: content.barcode,
  });
  return pass.getAsBuffer();
}

/** The booking's pass as it stands now (its content read afresh), signed for Apple Wallet. */
export async function currentApplePass(
  db: Executor,
  config: Config,
  wallet: AppleWallet,
  pass: WalletPassRow,
  booking: BookingRow,
): Promise<Buffer> {
  const business = await currentBusiness(db, config);
  return applePassBuffer({
    wallet,
    pass,
    content: await walletContent(db, config, booking),
    organizationName: business.name,
    publicUrl: config.publicUrl,
  });
}
