/**
 * The wallet pass tests (wallet/*.test.ts): a paid guest booking with its payment secret, its wallet links,
 * a staff member who checks the car in, the .pkpass opened (its files, pass.json) and its signature checked.
 */
import { createHash, verify } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import forge from 'node-forge';
import { beforeAll, expect } from 'vitest';
import type { Role } from '@parking/domain/constants';
import { customers, lotRegions } from '../db/schema/index';
import { bookingDoc } from './booking-fixtures';
import { createUser, login } from './factories';
import { useManageBookingServer, V1 } from './manage-booking-api';
import { api, doc, one } from './server';

export { V1 };

export interface PassFile {
  files: Record<string, Uint8Array>;
  pass: {
    serialNumber: string;
    passTypeIdentifier: string;
    teamIdentifier: string;
    webServiceURL: string;
    authenticationToken: string;
    voided?: boolean;
    barcodes: Array<{ message: string; format: string }>;
    generic: Record<
      'headerFields' | 'primaryFields' | 'secondaryFields' | 'auxiliaryFields' | 'backFields',
      Array<{ key: string; label: string; value: string }>
    >;
  };
}

/** A .pkpass's files and its pass.json. */
export function openPass(bytes: Buffer): PassFile {
  const files = unzipSync(new Uint8Array(bytes));
  const json = files['pass.json'];
  if (!json) throw new Error('no pass.json');
  return { files, pass: JSON.parse(strFromU8(json)) as PassFile['pass'] };
}

/** A field of pass.json's generic layout, by key. */
export const field = (pass: PassFile['pass'], key: string) =>
  Object.values(pass.generic)
    .flat()
    .find((entry) => entry.key === key)?.value;

const OID_MESSAGE_DIGEST = forge.pki.oids.messageDigest ?? '1.2.840.113549.1.9.4';

/**
 * Checks `signature` is a PKCS#7 detached signature of manifest.json by `certificatePem`: the signed attributes'
 * message digest is manifest.json's SHA-256, and the RSA signature over those attributes (DER, as a SET) holds
 * with the certificate's key. node-forge reads the structure; Node's crypto checks the signature.
 */
export function verifyManifestSignature(files: Record<string, Uint8Array>, certificatePem: string): void {
  const manifest = files['manifest.json'];
  const signature = files.signature;
  if (!manifest || !signature) throw new Error('manifest.json or signature missing');
  // Every file but the manifest and the signature is listed with its SHA-1.
  const listed = JSON.parse(strFromU8(manifest)) as Record<string, string>;
  for (const [name, bytes] of Object.entries(files))
    if (name !== 'manifest.json' && name !== 'signature')
      expect(listed[name], name).toBe(createHash('sha1').update(bytes).digest('hex'));
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(signature).toString('binary')));
  const message = forge.pkcs7.messageFromAsn1(asn1) as unknown as {
    rawCapture: { signerInfos: forge.asn1.Asn1[]; content?: unknown };
    certificates: forge.pki.Certificate[];
  };
  // Detached: the signed data carries no content of its own.
  expect(message.rawCapture.content).toBeUndefined();
  const certificate = message.certificates[0];
  if (!certificate) throw new Error('no certificate in the signature');
  expect(forge.pki.certificateToPem(certificate).trim()).toBe(certificatePem.trim());
  const signerInfo = message.rawCapture.signerInfos[0];
  const parts = (signerInfo?.value ?? []) as forge.asn1.Asn1[];
  const attributes = parts.find(
    (part) => part.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && part.type === 0,
  );
  const encryptedDigest = parts.at(-1);
  if (!attributes || !encryptedDigest) throw new Error('no signed attributes');
  let digest: string | undefined;
  for (const attribute of attributes.value as forge.asn1.Asn1[]) {
    const [oid, values] = attribute.value as forge.asn1.Asn1[];
    if (oid && forge.asn1.derToOid(oid.value as string) === OID_MESSAGE_DIGEST)
      digest = ((values?.value as forge.asn1.Asn1[])[0]?.value as string) ?? undefined;
  }
  // The digest algorithm the signer names (passkit-generator's: SHA-1 or SHA-256), for the digest and the signature.
  const algorithmOid = forge.asn1.derToOid(
    ((parts[2]?.value as forge.asn1.Asn1[])[0]?.value as string | undefined) ?? '',
  );
  const algorithm = algorithmOid === forge.pki.oids.sha1 ? 'sha1' : 'sha256';
  expect([forge.pki.oids.sha1, forge.pki.oids.sha256]).toContain(algorithmOid);
  expect(Buffer.from(digest ?? '', 'binary').toString('hex')).toBe(
    createHash(algorithm).update(manifest).digest('hex'),
  );
  const set = forge.asn1.create(
    forge.asn1.Class.UNIVERSAL,
    forge.asn1.Type.SET,
    true,
    attributes.value as forge.asn1.Asn1[],
  );
  const signedBytes = Buffer.from(forge.asn1.toDer(set).getBytes(), 'binary');
  const signatureBytes = Buffer.from(encryptedDigest.value as string, 'binary');
  expect(verify(algorithm, signedBytes, certificatePem, signatureBytes)).toBe(true);
  // And a tampered manifest is refused: the attributes no longer match.
  expect(
    verify(algorithm, Buffer.concat([signedBytes, Buffer.from(' ')]), certificatePem, signatureBytes),
  ).toBe(false);
}

export function useWalletServer() {
  const manage = useManageBookingServer();
  const { server, f, pay } = manage;
  const staff = {} as Record<'admin' | 'sales', { token: string; customerId: number }>;
  const region = { id: 0 };
  beforeAll(async () => {
    const db = server.handle.db;
    const make = async (roles: Role[]) => {
      const { user, customer } = await createUser(db, { roles });
      await db.update(customers).set({ staff: true }).where(eq(customers.id, customer.id));
      return { token: await login(server.app, user.email), customerId: customer.id };
    };
    staff.admin = await make(['Admins']);
    staff.sales = await make(['Sales']);
    const [created] = await db
      .insert(lotRegions)
      .values({ lotId: f.outdoor.id, name: 'Bay A', rows: 5 })
      .returning();
    region.id = created?.id ?? 0;
  });

  let n = 0;
  /** A guest's paid booking (outdoor, 1-3 Dec) and the payment secret the success page holds. */
  async function paidBooking() {
    n += 1;
    const email = `wallet${n}@example.com`;
    const created = await api(server.app, 'POST', `${V1}/bookings/`, {
      body: bookingDoc(f, { attributes: { email, rego: 'WAL 123' } }),
    });
    expect(created.status).toBe(201);
    const booking = one(created.body);
    const clientSecret = String(booking.attributes.clientSecret);
    await pay(clientSecret);
    return { id: Number(booking.id), code: String(booking.attributes.bookingCode), email, clientSecret };
  }

  /** The success page's wallet links. */
  async function walletLinks(id: number, clientSecret: string) {
    const response = await api(
      server.app,
      'GET',
      `${V1}/bookings/${id}/wallet-links/?client_secret=${encodeURIComponent(clientSecret)}`,
    );
    expect(response.status).toBe(200);
    const { applePassUrl, googleSaveUrl } = one(response.body).attributes as {
      applePassUrl: string;
      googleSaveUrl: string;
    };
    return { applePassUrl, googleSaveUrl };
  }

  const checkIn = (id: number) =>
    api(server.app, 'POST', `${V1}/bookings/${id}/custody/check-ins/`, {
      token: staff.sales.token,
      body: doc(
        'custody-check-ins',
        {
          lotRegionRow: 2,
          timeParked: server.clock.now().toISOString(),
          fuelLevel: '3/4',
          kilometers: 45_210,
        },
        { relationships: { lotRegion: { data: { type: 'lot-regions', id: String(region.id) } } } },
      ),
    });
  const handBack = (id: number) =>
    api(server.app, 'POST', `${V1}/bookings/${id}/custody/hand-backs/`, {
      token: staff.sales.token,
      body: doc('custody-hand-backs', { at: server.clock.now().toISOString(), kilometers: 45_300 }),
    });

  return { ...manage, staff, paidBooking, walletLinks, checkIn, handBack };
}
