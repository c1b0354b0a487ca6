/**
 * The Google Wallet class and object of a booking's pass (a generic pass), from the domain's content: the same
 * words as the Apple pass. The object's id is the issuer's id and the pass's serial number.
 */
import type { WalletPassContent } from '@parking/domain/wallet-pass';
import type { WalletPassRow } from './wallet-pass-data';

const LANGUAGE = 'en-AU';
const text = (value: string) => ({ defaultValue: { language: LANGUAGE, value } });

const googleClassId = (issuerId: string) => `${issuerId}.skypark-parking`;
export const googleObjectId = (issuerId: string, serialNumber: string) => `${issuerId}.${serialNumber}`;

export function googleWalletClass(issuerId: string): Record<string, unknown> {
  return { id: googleClassId(issuerId) };
}

export function googleWalletObject(
  issuerId: string,
  pass: WalletPassRow,
  content: WalletPassContent,
  organizationName: string,
): Record<string, unknown> {
  const custody = content.back.find((field) => field.key === 'custody');
  return {
    id: googleObjectId(issuerId, pass.serialNumber),
    classId: googleClassId(issuerId),
    state: content.voided ? 'INACTIVE' : 'ACTIVE',
    hexBackgroundColor: '#0f2d52',
    cardTitle: text(organizationName),
    subheader: text('Your car'),
    header: text(content.headline),
    barcode: { type: 'QR_CODE', value: content.barcode, alternateText: content.barcode },
    textModulesData: [...content.secondary, ...content.auxiliary, ...content.back]
      .filter((field) => field.key !== 'custody')
      .map((field) => ({ id: field.key, header: field.label, body: field.value })),
    linksModuleData: {
      uris: custody ? [{ id: 'custody', uri: custody.value, description: custody.label }] : [],
    },
  };
}
