/**
 * The certificates that sign an Apple Wallet pass: the pass-type certificate and its key, and Apple's WWDR
 * intermediate, read from the PEM files named in the settings; or, for the local adapter, a self-signed
 * certificate generated once per process (no iPhone accepts it; its signature is checked by the tests).
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import forge from 'node-forge';

export interface PassCertificates {
  wwdr: string;
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string;
}

export function configuredCertificates(files: {
  certFile: string;
  keyFile: string;
  keyPassphrase: string | undefined;
  wwdrFile: string;
}): PassCertificates {
  return {
    wwdr: readFileSync(files.wwdrFile, 'utf8'),
    signerCert: readFileSync(files.certFile, 'utf8'),
    signerKey: readFileSync(files.keyFile, 'utf8'),
    ...(files.keyPassphrase ? { signerKeyPassphrase: files.keyPassphrase } : {}),
  };
}

let generated: PassCertificates | undefined;

/** A self-signed pass-type certificate (its own issuer, standing in for the WWDR), made once per process. */
export function developmentCertificates(
  passTypeIdentifier: string,
  teamIdentifier: string,
): PassCertificates {
  if (generated) return generated;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
  // A positive serial: its first hex digit below 8.
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 86_400_000);
  cert.validity.notAfter = new Date(now.getTime() + 365 * 86_400_000);
  const subject = [
    { name: 'commonName', value: `Pass Type ID: ${passTypeIdentifier}` },
    { shortName: 'OU', value: teamIdentifier },
    { name: 'organizationName', value: 'SkyPark development (self-signed)' },
    { name: 'countryName', value: 'AU' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true },
    { name: 'keyUsage', digitalSignature: true, keyCertSign: true },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(privateKey), forge.md.sha256.create());
  const pem = forge.pki.certificateToPem(cert);
  generated = { wwdr: pem, signerCert: pem, signerKey: privateKey };
  return generated;
}
