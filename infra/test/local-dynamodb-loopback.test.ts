/**
 * DynamoDB Local listens on 127.0.0.1 only, like everything the local platform starts (issue 30,
 * item 22): the jar has no bind-address option, so a launcher sets its Jetty connector's host
 * (infra/local/emulators/LoopbackDynamoDbLocal.java). Linux only (/proc/net).
 */
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { startDynamoDbLocal } from '../local/emulators/dynamodb-local';
import { isLoopbackAddress, listenAddresses, procNetAddress } from './support/process-tree';

/** Resolves when a TCP connection opens, rejects with the socket's error otherwise. */
const tcpConnect = (host: string, port: number) =>
  new Promise<void>((resolve, reject) => {
    const socket = connect({ host, port }, () => {
      socket.destroy();
      resolve();
    });
    socket.once('error', reject);
  });

const externalIPv4 = () =>
  Object.values(networkInterfaces())
    .flat()
    .find((i) => i && !i.internal && i.family === 'IPv4')?.address;

describe('/proc/net addresses', () => {
  it('reads IPv4, IPv4-mapped IPv6 and IPv6 local addresses', () => {
    expect(procNetAddress('0100007F')).toBe('127.0.0.1');
    expect(procNetAddress('00000000')).toBe('0.0.0.0');
    expect(procNetAddress('0000000000000000FFFF00000100007F')).toBe('::ffff:127.0.0.1');
    expect(procNetAddress('00000000000000000000000001000000')).toBe('0:0:0:0:0:0:0:1');
    expect(procNetAddress('00000000000000000000000000000000')).toBe('0:0:0:0:0:0:0:0');
    expect(['127.0.0.1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1'].every(isLoopbackAddress)).toBe(true);
    expect(['0.0.0.0', '0:0:0:0:0:0:0:0', '::ffff:10.0.0.2', '10.0.0.2'].some(isLoopbackAddress)).toBe(false);
  });
});

describe.runIf(process.platform === 'linux')('DynamoDB Local', () => {
  it('listens on loopback only, answers there, and refuses the machine’s other addresses', async () => {
    const ddb = await startDynamoDbLocal(); // resolves once ListTables answers on 127.0.0.1
    try {
      const addresses = listenAddresses(ddb.port);
      expect(addresses.length).toBeGreaterThan(0);
      expect(addresses.filter((a) => !isLoopbackAddress(a))).toEqual([]);
      await expect(tcpConnect('127.0.0.1', ddb.port)).resolves.toBeUndefined();
      const external = externalIPv4();
      if (external) await expect(tcpConnect(external, ddb.port)).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      await ddb.stop();
    }
  }, 120_000);
});
