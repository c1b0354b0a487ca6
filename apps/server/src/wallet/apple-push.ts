/**
 * Apple Wallet's push: a pass changed, so each device that holds it is told to ask for it again. The real adapter
 * posts an empty notification to APNs over HTTP/2, authenticated by the pass-type certificate (the topic is the
 * Pass Type ID); the local one records the push in wallet_deliveries for Admins.
 */
import { connect } from 'node:http2';
import type { Database } from '../db/client';
import { walletDeliveries } from '../db/schema/index';
import type { PassCertificates } from './apple-certificates';
import type { ApplePush, PushOutcome } from './wallet-provider';

const PUSH_TIMEOUT_MS = 15_000;

export function createApnsPush(
  apnsUrl: string,
  passTypeIdentifier: string,
  certificates: PassCertificates,
): ApplePush {
  return {
    push(pushToken) {
      return new Promise<PushOutcome>((resolve, reject) => {
        const session = connect(apnsUrl, {
          cert: certificates.signerCert,
          key: certificates.signerKey,
          ...(certificates.signerKeyPassphrase ? { passphrase: certificates.signerKeyPassphrase } : {}),
        });
        session.on('error', reject);
        session.setTimeout(PUSH_TIMEOUT_MS, () => {
          session.destroy(new Error('APNs did not answer in time'));
        });
        const request = session.request({
          ':method': 'POST',
          ':path': `/3/device/${encodeURIComponent(pushToken)}`,
          // Wallet's push: an empty payload whose topic is the Pass Type ID; the device then asks the web service.
          'apns-topic': passTypeIdentifier,
          'content-type': 'application/json',
        });
        let status = 0;
        let body = '';
        request.setEncoding('utf8');
        request.on('response', (headers) => {
          status = Number(headers[':status']);
        });
        request.on('data', (chunk: string) => {
          body += chunk;
        });
        request.on('error', reject);
        request.on('end', () => {
          session.close();
          if (status === 200) resolve('sent');
          // The device no longer holds the pass (or its token is no more): forget it.
          else if (status === 410 || (status === 400 && body.includes('BadDeviceToken'))) resolve('gone');
          else reject(new Error(`APNs answered ${status}: ${body.slice(0, 200)}`));
        });
        request.end('{}');
      });
    },
  };
}

export function createLocalApplePush(database: Database): ApplePush {
  return {
    async push(pushToken, serialNumber) {
      await database.insert(walletDeliveries).values({
        kind: 'apple-push',
        target: pushToken,
        serialNumber,
        payload: {},
      });
      return 'sent';
    },
  };
}
