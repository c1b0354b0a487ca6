/**
 * A small round-robin HTTP proxy standing in for a load balancer: each request goes to the next upstream
 * in turn (keep-alive connections to each), with X-Forwarded-For set and the upstream named in the
 * answer's `x-upstream` header so that a test can see who served it. An upstream that refuses the
 * connection answers 502.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  base: string;
  /** Requests sent to each upstream so far. */
  counts: Map<string, number>;
  close(): Promise<void>;
}

export async function startRoundRobinProxy(port: number, upstreams: string[]): Promise<RoundRobinProxy> {
  if (upstreams.length === 0) throw new Error('no upstreams');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const counts = new Map(upstreams.map((upstream) => [upstream, 0]));
  let next = 0;
  const server = http.createServer((request, response) => {
    const upstream = upstreams[next++ % upstreams.length] ?? '';
    counts.set(upstream, (counts.get(upstream) ?? 0) + 1);
    const target = new URL(request.url ?? '/', upstream);
    const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    const outgoing = http.request(
      target,
      {
        method: request.method,
        headers: { ...request.headers, host: target.host, 'x-forwarded-for': forwardedFor },
        agent,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': upstream });
        answer.pipe(response);
      },
    );
    outgoing.on('error', (error) => {
      if (!response.headersSent)
        response.writeHead(502, { 'content-type': 'text/plain', 'x-upstream': upstream });
      response.end(`Bad gateway: ${error.message}`);
    });
    request.pipe(outgoing);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${address.port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
