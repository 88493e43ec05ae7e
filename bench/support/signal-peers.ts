/**
 * Real Signal traffic for the Baileys memory bench (baileys-socket-memory.ts), without WhatsApp: the
 * business side runs Baileys' own repository (`makeLibSignalRepository`, the one `makeWASocket` builds,
 * over `addTransactionCapability` of the connection's DynamoDB key store), and customers are libsignal
 * peers that encrypt to the business's signed pre-key, as a customer's phone does. So decrypting an
 * inbound message and encrypting a reply cost what they cost in a real socket (X3DH, ratchets, session
 * records read and written through the key store); only the frames' transport is missing.
 */
import {
  addTransactionCapability,
  DEFAULT_CONNECTION_CONFIG,
  encodeWAMessage,
  initAuthCreds,
  proto,
  unpadRandomMax16,
  type AuthenticationCreds,
  type SignalDataSet,
  type SignalDataTypeMap,
  type SignalKeyStore,
  type SignalKeyStoreWithTransaction,
  type SignalRepositoryWithLIDStore,
} from '@whiskeysockets/baileys';
import type { Logger } from '../../session-host/src/logger';

/**
 * A plain in-memory key store for the customers' phones (dropped before the samples). It runs its
 * "transactions" inline: wrapping it with `addTransactionCapability` would give every customer an
 * AsyncLocalStorage of its own, which costs every promise of the process (see the bench's notes).
 */
function memoryKeys(): SignalKeyStoreWithTransaction {
  const data = new Map<string, unknown>();
  return {
    isInTransaction: () => false,
    transaction: async <T>(work: () => Promise<T>) => work(),
    get: async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) =>
      Object.fromEntries(
        ids.flatMap((id) => (data.has(`${type}#${id}`) ? [[id, data.get(`${type}#${id}`)]] : [])),
      ) as Record<string, SignalDataTypeMap[T]>,
    set: async (set: SignalDataSet) => {
      for (const [type, values] of Object.entries(set))
        for (const [id, value] of Object.entries(values ?? {})) {
          if (value === null || value === undefined) data.delete(`${type}#${id}`);
          else data.set(`${type}#${id}`, value);
        }
    },
  };
}

/** The repository a real socket builds from its credentials and key store (socket.js: keys → makeSignalRepository). */
export function socketSignalRepository(
  creds: AuthenticationCreds,
  keys: SignalKeyStore,
  logger: Logger,
): SignalRepositoryWithLIDStore {
  const transactional = addTransactionCapability(keys, logger as never, DEFAULT_CONNECTION_CONFIG.transactionOpts);
  return DEFAULT_CONNECTION_CONFIG.makeSignalRepository({ creds, keys: transactional }, logger as never);
}

export interface SealedMessage {
  from: string;
  type: 'pkmsg' | 'msg';
  ciphertext: Uint8Array;
}

/**
 * Customers of one business number: each has its own identity, starts a session from the business's
 * pre-key bundle and encrypts `texts` to it. Returns the ciphertexts, in the order they were sealed.
 */
export async function sealFromCustomers(
  business: { creds: AuthenticationCreds; jid: string },
  customers: { jid: string; texts: string[] }[],
  logger: Logger,
): Promise<SealedMessage[]> {
  const { creds } = business;
  const bundle = {
    registrationId: creds.registrationId,
    identityKey: withKeyType(creds.signedIdentityKey.public),
    signedPreKey: {
      keyId: creds.signedPreKey.keyId,
      publicKey: withKeyType(creds.signedPreKey.keyPair.public),
      signature: creds.signedPreKey.signature,
    },
  };
  const sealed: SealedMessage[] = [];
  for (const customer of customers) {
    const phone = DEFAULT_CONNECTION_CONFIG.makeSignalRepository(
      { creds: customerCreds(), keys: memoryKeys() },
      logger as never,
    );
    await phone.injectE2ESession({ jid: business.jid, session: bundle });
    for (const text of customer.texts) {
      const { type, ciphertext } = await phone.encryptMessage({
        jid: business.jid,
        data: encodeWAMessage({ conversation: text }),
      });
      sealed.push({ from: customer.jid, type, ciphertext });
    }
  }
  return sealed;
}

/** What Baileys' decryptMessageNode does with a 1:1 message: decrypt, unpad, decode. */
export async function openSealed(repo: SignalRepositoryWithLIDStore, sealed: SealedMessage): Promise<proto.IMessage> {
  const plain = await repo.decryptMessage({ jid: sealed.from, type: sealed.type, ciphertext: sealed.ciphertext });
  return proto.Message.decode(unpadRandomMax16(plain));
}

/** Customers' identities are the expensive part of their setup (a signature); a few are reused. */
const CUSTOMER_CREDS = Array.from({ length: 8 }, () => initAuthCreds());
let nextCreds = 0;
const customerCreds = () => CUSTOMER_CREDS[nextCreds++ % CUSTOMER_CREDS.length]!;

/** libsignal wants public keys with the 0x05 type byte that Baileys' creds keep without. */
function withKeyType(pub: Uint8Array): Uint8Array {
  return pub.length === 33 ? pub : Buffer.concat([Buffer.from([5]), pub]);
}
