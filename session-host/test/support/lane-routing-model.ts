/**
 * A unit-level model of command routing in the fleet (docs/deploy.md "Lanes"): H hosts join one after
 * another and choose their lane as the hosts do (`chooseLane`); a command travels on its connection's
 * lane queue (`laneOf`), each receive lands on one of the lane's hosts at random (SQS gives a visible
 * message to one of the waiting long polls), a host that does not hold the connection hands it back
 * after the consumer's delay (`returnDelaySeconds`), and the message is dead-lettered once it has been
 * received `maxReceives` times without reaching its holder.
 */
import { laneOf } from '@atende/functions/shared-surface';
import { seededRandom } from '@atende/shared/seeded-random';
import { chooseLane } from '../../src/fleet/fleet-lanes';
import { returnDelaySeconds } from '../../src/queues/outbound-consumer';

export interface RoutingModel {
  hosts: number;
  lanes: number;
  commands: number;
  /** One hand-back: the receive that reached a non-holder and its ChangeMessageVisibility (assumed). */
  handBackMs: number;
  maxReceives: number;
  seed: number;
}

export interface RoutingResult {
  /** Live hosts per lane after the joins. */
  laneSizes: number[];
  deadLettered: number;
  deadLetterRate: number;
  /** Receives per delivered command (SQS requests ≈ 2 × this: receive + delete or visibility change). */
  meanReceives: number;
  /** Added latency of a delivered command (hand-backs and their delays), ms. */
  meanAddedMs: number;
  p99AddedMs: number;
}

export function simulateRouting(model: RoutingModel): RoutingResult {
  const next = seededRandom(model.seed);
  const joined: { lane: number; lanes: number }[] = [];
  for (let h = 0; h < model.hosts; h++) {
    joined.push({ lane: chooseLane({ hostId: `host-${h}`, lanes: model.lanes, live: joined }), lanes: model.lanes });
  }
  const laneSizes = Array.from({ length: model.lanes }, (_, lane) => joined.filter((h) => h.lane === lane).length);
  let deadLettered = 0;
  let receivesTotal = 0;
  const added: number[] = [];
  for (let c = 0; c < model.commands; c++) {
    const readers = laneSizes[laneOf(`conn-${c}`, model.lanes)]!;
    const holder = Math.floor(next() * readers);
    let ms = 0;
    let receives = 0;
    for (;;) {
      receives += 1;
      if (Math.floor(next() * readers) === holder) break;
      if (receives >= model.maxReceives) break;
      ms += model.handBackMs + returnDelaySeconds(receives, readers) * 1000;
    }
    if (receives >= model.maxReceives && readers > 1) {
      deadLettered += 1;
      continue;
    }
    receivesTotal += receives;
    added.push(ms);
  }
  added.sort((a, b) => a - b);
  const delivered = added.length;
  return {
    laneSizes,
    deadLettered,
    deadLetterRate: deadLettered / model.commands,
    meanReceives: receivesTotal / delivered,
    meanAddedMs: added.reduce((sum, ms) => sum + ms, 0) / delivered,
    p99AddedMs: added[Math.floor(delivered * 0.99)] ?? 0,
  };
}
