/**
 * A TCP proxy to a local server that, once stalled, forwards nothing more either way and closes nothing: open
 * connections and new ones wait, as behind a network partition.
 */
import net from 'node:net';
import { atFileEnd } from './fileEnd';

export interface StallingProxy {
  port: number;
  stall(): void;
  /** The partition ends as a refusal: every connection closes, new ones are refused. */
  close(): Promise<unknown>;
}

export async function stallingProxy(port: number): Promise<StallingProxy> {
  let forwarding = true;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(port, '127.0.0.1');
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ]) {
      sockets.add(from);
      from.on('error', () => undefined);
      from.on('data', (chunk: Buffer) => void (forwarding && to.write(chunk)));
      from.on('close', () => forwarding && to.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let closing: Promise<unknown> | undefined;
  const close = () =>
    (closing ??= new Promise((resolve) => {
      server.close(resolve);
      for (const socket of sockets) socket.destroy();
    }));
  atFileEnd(close);
  return { port: (server.address() as net.AddressInfo).port, stall: () => (forwarding = false), close };
}
