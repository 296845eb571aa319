// The shoe as the log's second witness (ADR 0004), wired at the link's first handshake after start:
// the shoe's HELLO says which frames a controller ACKed (firmware-protocol §7.2.1 nextTxSeq; an ACK is
// sent only once the event is durable), the log says which it holds. A log that lacks ACKed events is
// the same refusal as a log behind its anchor: the table does not deal on it — the finding goes on the
// log (`log.behind-shoe`) and to the operators at ERROR, and the table is paused until a supervisor,
// having looked, resumes it.
import type { Logger } from 'pino';
import type { HelloMessage } from '../../firmware-protocol/src/index.js';
import { describeShoeWitness, shoeWitness } from '../ports/log-anchor.js';
import type { TableService } from '../app/table/table-service.js';
import { unlessHalted } from '../app/table/append-fault.js';

export const BEHIND_SHOE_RECORD = 'log.behind-shoe';

/** Judges the first HELLO after start (later ones are the link's sequence incidents); returns the hook. */
export function shoeWitnessHook(logLastShoeSeq: number, service: TableService, logName: string, logger: Logger): (hello: HelloMessage) => void {
  let judged = false;
  return (hello) => {
    if (judged) return;
    judged = true;
    const witness = shoeWitness(logLastShoeSeq, hello);
    if (witness.kind !== 'log-behind') return;
    const line = describeShoeWitness(witness, logName);
    logger.error({ shoe: hello.serialNumber, witness }, line);
    void (async () => {
      await service.recordNote(BEHIND_SHOE_RECORD, { ...witness, shoe: hello.serialNumber, problem: line });
      await service.submit({ type: 'supervisor', action: 'pause', by: 'controller', reason: line }, { source: 'system', by: 'controller' });
    })().catch(unlessHalted((err) => logger.error({ err }, 'log behind the shoe: not recorded')));
  };
}
