import type { ConnectionDto, QueueRef } from '@atende/shared';
import type { ConnectionRecord } from '../../data/connections';
import { getQueueRefs } from '../../data/queues';

/** The API/realtime view of a connection: never the shard/adapter internals; the token only when allowed. */
export function toConnectionDto(record: ConnectionRecord, queues: QueueRef[], includeToken: boolean): ConnectionDto {
  return {
    id: record.id,
    name: record.name,
    channel: record.channel,
    number: record.number ?? '',
    status: record.status,
    qrcode: record.qrcode ?? '',
    pairingCode: record.pairingCode ?? '',
    isDefault: record.isDefault === true,
    greetingMessage: record.greetingMessage ?? '',
    complationMessage: record.complationMessage ?? '',
    outOfHoursMessage: record.outOfHoursMessage ?? '',
    ratingMessage: record.ratingMessage ?? '',
    ...(includeToken ? { token: record.token } : {}),
    provider: record.provider,
    timeToTransfer: record.timeToTransfer ?? null,
    transferQueueId: record.transferQueueId ?? null,
    queueIds: record.queueIds ?? [],
    queues,
    retries: record.retries ?? 0,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** Many connections with their queue names resolved in one batch read. */
export async function toConnectionDtos(
  companyId: string,
  records: ConnectionRecord[],
  includeToken: boolean,
): Promise<ConnectionDto[]> {
  const refs = await getQueueRefs(
    companyId,
    records.flatMap((r) => r.queueIds ?? []),
  );
  const byId = new Map(refs.map((q) => [q.id, q]));
  return records.map((r) =>
    toConnectionDto(
      r,
      (r.queueIds ?? []).flatMap((id) => byId.get(id) ?? []),
      includeToken,
    ),
  );
}

export async function toConnectionDtoResolved(record: ConnectionRecord, includeToken: boolean): Promise<ConnectionDto> {
  return (await toConnectionDtos(record.companyId, [record], includeToken))[0]!;
}
