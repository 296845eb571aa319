// Every reason the adapters code at their source has a message in every catalogue and renders there with
// its values, none missing; its English sentence is the words the API's `reason` and the log carry. The
// codes are closed unions: SAMPLES must name every code with its values, or this file does not compile.
import { describe, expect, test } from 'vitest';
import { CATALOGUES, LANGUAGES } from '../../src/messages/catalogue.js';
import { nestedReason, reasonSentence, renderCodedReason, type CodedReason } from '../../src/messages/coded-reason.js';
import type { WebReasonCode, WebReasonParams } from '../../src/adapters/web/web-reasons.js';
import type { HealthReasonParams } from '../../src/adapters/web/health-reasons.js';
import type { FeedFailureParams } from '../../src/ports/settlement-feed.js';
import type { AppendFaultReason, StorageRecoveredReason, TableHaltedReason } from '../../src/app/table/append-fault.js';
import type { NatsReason } from '../../src/adapters/store/nats-trouble.js';
import type { FaultDetail } from '../../src/messages/fault-detail.js';
import type { IncidentCause } from '../../src/ports/sequence-incident.js';
import { continuityCause, staleCause } from '../../src/adapters/serial/link-incident.js';
import { incidentOf, PeerSessions, type HelloMessage } from '../../firmware-protocol/src/index.js';
import { renderReason } from '../../src/messages/render-reason.js';
import { retrying, type LinkReasonCode, type LinkReasonParams, type PortEndParams } from '../../src/adapters/serial/link-reasons.js';
import type { WalletReasonCode, WalletReasonParams } from '../../src/app/wallet/wallet-reasons.js';

const WEB: { readonly [C in WebReasonCode]: WebReasonParams[C] } = {
  missingCredentialHeader: {}, missingCredentialQuery: {}, unknownCredential: {},
  wrongRole: { role: 'dealer', name: 'pit-1', what: 'bet', roles: 'game-server' },
  malformedCommand: { command: 'bet', issues: 'seat: Too small' }, malformedMessageCommands: { list: 'bet, pause' },
  malformedMessage: { reason: 'body is not valid UTF-8' }, unknownCommand: {}, malformedRequest: { reason: 'Too small' },
  noRoute: { method: 'GET', path: '/api/nothing' }, noSuchRound: { round: '12' }, bodyTooLarge: {}, unsupportedMediaType: {},
  notUtf8: {}, loneSurrogate: {}, loneSurrogateEscaped: {}, tooDeep: { count: '17', limit: '16' }, notJson: { error: 'Unexpected end' },
  tooMany: { count: '100', ms: '1000', after: '1 second' }, tooManyMessages: {},
  refusalsCounted: { count: '312', seconds: '10', none: '200', unknown: '70', known: '42' },
  bettingAlreadyOpen: {}, bettingOpensItself: { phase: 'round', round: '4' }, notRecorded: {}, internal: {}, busy: {}, noViewYet: {},
  malformedIdempotencyKey: { field: 'Idempotency-Key' }, idempotencyKeyReused: { seq: '42' },
  notReading: { seconds: '2' },
};

const WALLET: { readonly [C in WalletReasonCode]: WalletReasonParams[C] } = {
  walletNoSignature: {}, walletBadSignature: {}, walletNoKey: {}, walletKeyMismatch: { key: 't1:5:1', id: 't1:5:0' }, walletNotJson: { error: 'Unexpected end' },
  walletMalformed: { field: 'amount' }, walletCurrency: { currency: 'RUB', expected: 'EUR' }, walletConflict: { id: 't1:5:0' }, walletInjected: {},
  walletHeld: { ms: '30000' }, walletFaultRequest: {}, walletLedgerUnwritable: { error: 'ENOSPC' }, noRoute: { method: 'GET', path: '/api/nothing' }, bodyTooLarge: {},
};

const LINK: { readonly [C in LinkReasonCode]: LinkReasonParams[C] } = {
  openingPort: {}, reopeningPort: {}, portOpen: { address: '/dev/ttyUSB0', count: '115200' }, retrying: { reason: 'port closed', ms: '500' },
  helloReply: {}, helloAnswered: {}, protocolMismatch: { low: '1', high: '2', min: '3', max: '4' }, nakVersion: {}, nak: { code: 'BUSY' },
  noAck: { code: 'GATE_UNLOCK', seq: '17', count: '5' }, noFrame: { ms: '3000', count: '3' }, closedByApp: {},
};

const PORT_ENDS: { readonly [C in keyof PortEndParams]: PortEndParams[C] } = {
  cannotOpen: { address: '/dev/ttyUSB0', error: 'ENOENT' }, deviceGone: { error: 'EIO' }, portClosed: {},
};

const HEALTH: { readonly [C in keyof HealthReasonParams]: HealthReasonParams[C] } = {
  logUnwritable: { reason: 'disk full' }, noShoeLink: {}, shoeLinkState: { state: 'handshaking' }, loopStalled: { ms: '400', limit: '250' },
  floorLink: { state: 'down', reason: 'NATS at nats://floor:4222 disconnected' }, gatewayNatsDown: { address: 'nats://floor:4222' },
  tableStale: { table: 'bj-3', seconds: '4' }, tableReplicaBehind: { table: 'bj-3', seconds: '5', events: '12' },
};

const FEED: { readonly [C in keyof FeedFailureParams]: FeedFailureParams[C] } = {
  feedHttpStatus: { httpStatus: '503', address: 'https://wallet.example/feed' }, feedTimeout: { ms: '10000', address: 'https://wallet.example/feed' },
  feedUnreachable: { address: 'https://wallet.example/feed', error: 'ECONNREFUSED' }, feedNatsDown: { address: 'nats://floor:4222', error: 'CONNECTION_REFUSED' },
  feedNoStream: { subject: 'wallet.floor-3' }, feedRefused: { subject: 'wallet.floor-3', error: 'maximum messages exceeded' },
  feedFailed: { error: 'socket hang up' }, feedClosed: {},
};

/** One of each code of a union (the compiler checks each one's values; `satisfies` that none is missing). */
const NATS = {
  natsConnecting: { code: 'natsConnecting', params: {} }, natsUnreachable: { code: 'natsUnreachable', params: { address: 'nats://floor:4222', error: 'ECONNREFUSED' } },
  natsNoJetStream: { code: 'natsNoJetStream', params: { address: 'nats://floor:4222' } }, natsDisconnected: { code: 'natsDisconnected', params: { address: 'nats://floor:4222' } },
} satisfies { readonly [C in NatsReason['code']]: Extract<NatsReason, { code: C }> };

const HALTS = {
  otherWriter: { code: 'otherWriter', params: { count: '41', expected: '40' } }, logNotWritable: { code: 'logNotWritable', params: { error: 'ENOSPC' } },
  tableHalted: { code: 'tableHalted', params: { reason: 'the log cannot be written (ENOSPC)' } }, storageRecovered: { code: 'storageRecovered', params: {} },
} satisfies { readonly [C in (AppendFaultReason | TableHaltedReason | StorageRecoveredReason)['code']]: Extract<AppendFaultReason | TableHaltedReason | StorageRecoveredReason, { code: C }> };

const FAULT_DETAILS = {
  drawNotRead: { code: 'drawNotRead', params: { count: '4' } }, draw: { code: 'draw', params: { count: '9' } },
  noLinkAtStart: { code: 'noLinkAtStart', params: { count: '30' } }, linkStillDown: { code: 'linkStillDown', params: {} },
} satisfies { readonly [C in FaultDetail['code']]: Extract<FaultDetail, { code: C }> };

const INCIDENTS = {
  incidentGap: { code: 'incidentGap', params: { expected: '5', announced: '8' } }, incidentRollback: { code: 'incidentRollback', params: { announced: '2', seq: '4' } },
  incidentColdStart: { code: 'incidentColdStart', params: { seq: '4' } }, incidentEarlierPowerUp: { code: 'incidentEarlierPowerUp', params: { nonce: '77', current: '78' } },
  incidentStaleColdStart: { code: 'incidentStaleColdStart', params: { nonce: '78', count: '1' } },
} satisfies { readonly [C in IncidentCause['code']]: Extract<IncidentCause, { code: C }> };

const samples = (table: Readonly<Record<string, Readonly<Record<string, string>>>>): CodedReason[] => Object.entries(table).map(([code, params]) => ({ code, params }));

/** Values put in words by their name (src/messages/reason-values.ts), not shown as given. */
const IN_WORDS = new Set(['phase', 'round', 'state', 'what', 'role', 'roles', 'command', 'reasonCode', 'detailCode']);

/** Each area's codes and a sample of each. */
const AREAS: Readonly<Record<string, readonly CodedReason[]>> = {
  web: samples(WEB),
  wallet: samples(WALLET),
  link: [...samples(LINK), ...samples(PORT_ENDS), { code: 'controllerRestarted', params: {} }],
  health: [...samples(HEALTH), ...Object.values(NATS)],
  appendFaults: Object.values(HALTS),
  faultDetails: Object.values(FAULT_DETAILS),
  incidents: Object.values(INCIDENTS),
  feed: samples(FEED),
};

/** Values that are the client's or the machine's own words, not the catalogue's, and the names of formats. */
const VERBATIM = /\b(HTTP|https:\/\/wallet\.example\/feed|wallet\.floor-3|CONNECTION_REFUSED|maximum messages exceeded|socket hang up|UTF|JSON|disk full|NATS at nats:\/\/floor:4222 disconnected|nats|floor|4222|ECONNREFUSED|ENOSPC|the log cannot be written|JetStream|NATS|js|HELLO|NAK|VERSION_MISMATCH|BUSY|ACK|GATE_UNLOCK|ENOENT|EIO|dev|ttyUSB0|port closed|pit-1|dealer|place bets|game-server|bet, pause|body is not valid UTF-8|Too small|Unexpected end|second|GET|api|nothing|seat|bet|application\/json|Content-Length|Idempotency-Key)\b/g;

describe('the adapters\' reason codes', () => {
  test.each(Object.entries(AREAS))('%s: every code has a message in every language and renders with its values, none missing', (_area, reasons) => {
    expect(reasons.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const lang of LANGUAGES) {
      for (const reason of reasons) {
        if (!(`reason.${reason.code}` in CATALOGUES[lang])) { problems.push(`${lang}: no reason.${reason.code}`); continue; }
        try {
          const words = renderCodedReason(lang, reason);
          if (words === '' || /[{}]/.test(words.replace(/`[^`]*`|'\{'.*'\}'|\{"id","command","body"\}/g, ''))) problems.push(`${lang} ${reason.code}: ${words}`);
          for (const [name, value] of Object.entries(reason.params)) if (!IN_WORDS.has(name) && !words.includes(value)) problems.push(`${lang} ${reason.code}: ${value} missing from ${words}`);
        } catch (err) {
          problems.push(`${lang} ${reason.code}: ${(err as Error).message}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  test.each(Object.entries(AREAS))('%s: in Russian no English word is left, the values apart', (_area, reasons) => {
    const english = reasons.flatMap((reason) => {
      const words = renderCodedReason('ru', reason).replace(VERBATIM, '').replace(/`[^`]*`/g, '');
      return /[A-Za-z]{3,}/.test(words) ? [`${reason.code}: ${words}`] : [];
    });
    expect(english).toEqual([]);
  });

  test('the English sentence is the words the API and the log have always carried', () => {
    const sentence = (code: WebReasonCode | LinkReasonCode, params: Readonly<Record<string, string>> = {}) => reasonSentence({ code, params });
    expect(sentence('missingCredentialHeader')).toBe('missing credential: send "Authorization: Bearer <token>"');
    expect(sentence('wrongRole', WEB.wrongRole)).toBe('role dealer (pit-1) may not place bets: only game-server');
    expect(sentence('wrongRole', { role: 'display', name: 'tv', what: 'watchSupervisor', roles: 'dealer, supervisor, display' })).toBe('role display (tv) may not watch the supervisor display: only dealer or supervisor or display');
    expect(renderCodedReason('ru', { code: 'wrongRole', params: { role: 'display', name: 'tv', what: 'recall', roles: 'dealer, supervisor' } })).not.toMatch(/display|recall|dealer|supervisor/);
    expect(sentence('malformedMessageCommands', WEB.malformedMessageCommands)).toBe('malformed command message: expected {"id","command","body"} with command one of bet, pause');
    expect(sentence('bettingOpensItself', { phase: 'shoeOver' })).toBe('betting opens by itself after each round (and once a new shoe is burned); now: waiting for a new shoe');
    expect(sentence('bettingOpensItself', WEB.bettingOpensItself)).toBe('betting opens by itself after each round (and once a new shoe is burned); now: round 4 is being played');
    expect(sentence('tooMany', WEB.tooMany)).toBe('too many requests from this address: at most 100 in 1000 ms, retry in 1 second');
    expect(sentence('noRoute', WEB.noRoute)).toBe('malformed request: no route GET /api/nothing');
    expect(renderCodedReason('ru', { code: 'noRoute', params: WEB.noRoute })).toBe('неверный запрос: нет маршрута GET /api/nothing');
    expect(sentence('noFrame', LINK.noFrame)).toBe('no valid frame from the shoe for 3000 ms (3 heartbeats missed)');
    expect(reasonSentence(retrying({ code: 'cannotOpen', params: PORT_ENDS.cannotOpen }, 250))).toBe('cannot open /dev/ttyUSB0: ENOENT; retrying in 250 ms');
    expect(sentence('protocolMismatch', LINK.protocolMismatch)).toBe('shoe speaks protocol 1..2, controller 3..4');
    expect(reasonSentence(NATS.natsNoJetStream)).toBe('NATS at nats://floor:4222 has no JetStream: start `nats-server` with JetStream on (`-js`, or `jetstream {}` in its configuration)');
    expect(reasonSentence(HALTS.otherWriter)).toBe('another writer appended to this table\'s log (it is at event 41, this controller expected 40): this controller no longer owns the table and stops; find the other controller and keep one');
    expect(renderCodedReason('ru', { code: 'shoeLinkState', params: HEALTH.shoeLinkState })).toBe('связь с шузом: приветствие');
    expect(reasonSentence(FAULT_DETAILS.drawNotRead)).toBe('draw 4 not read');
  });

  test('a sequence incident\'s coded cause says what the link core says (PROTOCOL.md §8.4, §8.6)', () => {
    for (const continuity of [{ kind: 'gap', expected: 5, announced: 8 }, { kind: 'rollback', announced: 2, lastDelivered: 4 }, { kind: 'peer-cold-start', lastDelivered: 4 }] as const) {
      expect(reasonSentence(continuityCause(continuity)!)).toBe(incidentOf(continuity, true)!.detail);
    }
    const hello = (fields: Partial<HelloMessage>): HelloMessage => ({ type: 'HELLO', coldStart: false, reply: false, nextTxSeq: 1, lastRxSeq: 0, protocolVersion: 2, minProtocolVersion: 1, serialNumber: 'S', firmwareVersion: '1', deckCount: 6, ...fields }) as HelloMessage;
    const sessions = new PeerSessions();
    sessions.adopt(hello({ bootNonce: 77 }));
    sessions.adopt(hello({ bootNonce: 78 }));
    const earlier = hello({ bootNonce: 77 });
    expect(reasonSentence(staleCause(earlier, sessions.current, sessions.deliveredInSession))).toBe(sessions.staleHello(earlier));
    sessions.noteDelivered();
    const coldAgain = hello({ bootNonce: 78, coldStart: true });
    expect(reasonSentence(staleCause(coldAgain, sessions.current, sessions.deliveredInSession))).toBe(sessions.staleHello(coldAgain));
  });

  test('a reason nested in another is rendered in its own words, its values beside it', () => {
    const retrying = { code: 'retrying', params: { ...nestedReason({ code: 'cannotOpen', params: PORT_ENDS.cannotOpen }), ms: '250' } };
    expect(reasonSentence(retrying)).toBe('cannot open /dev/ttyUSB0: ENOENT; retrying in 250 ms');
    expect(renderCodedReason('ru', retrying)).not.toMatch(/cannot|retrying/);
    expect(renderCodedReason('ru', retrying)).toContain('/dev/ttyUSB0');
    const halted = { code: 'tableHalted', params: nestedReason(HALTS.otherWriter) };
    expect(reasonSentence(halted)).toBe(`table halted: ${reasonSentence(HALTS.otherWriter)}`);
    expect(renderCodedReason('ru', halted)).toBe(`стол остановлен: ${renderCodedReason('ru', HALTS.otherWriter)}`);
    const message = { code: 'malformedMessage', params: nestedReason({ code: 'tooDeep', params: { count: '17', limit: '16' } }) };
    expect(reasonSentence(message)).toBe('malformed command message: body nested 17 deep: at most 16');
    // Only the words of a reason with no code: shown as they are.
    expect(renderCodedReason('ru', { code: 'malformedRequest', params: { reason: 'Too small' } })).toMatch(/Too small$/);
  });

  test('a shoe fault\'s coded cause is rendered inside the pause\'s reason; an uncoded one as written', () => {
    expect(renderReason('ru', { code: 'shoeFaultDetail', params: { fault: 'misread', detail: 'draw 4 not read', detailCode: 'drawNotRead', count: '4' } }))
      .toBe('неисправность шуза: Карта не считана (карта № 4 не считана)');
    expect(renderReason('ru', { code: 'shoeFaultDetail', params: { fault: 'linkDown', detail: 'no valid frame from the shoe for 3500 ms (3 heartbeats missed)', detailCode: 'noFrame', ms: '3500', count: '3' } }))
      .not.toMatch(/heartbeats/);
    expect(renderReason('ru', { code: 'shoeFaultDetail', params: { fault: 'linkDown', detail: 'port closed' } })).toMatch(/\(port closed\)$/);
    expect(renderCodedReason('ru', { code: 'bettingOpensItself', params: WEB.bettingOpensItself })).toMatch(/идёт раунд 4$/);
  });
});
