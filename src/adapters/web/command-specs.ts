// The command API: every command, its route, the roles that may send it, its body, and the input it
// becomes. The same table serves HTTP (POST path) and the command WebSocket (by name).
import type { z } from 'zod';
import type { Principal, Role } from '../../config/table-config.js';
import { phaseOf } from '../../round/describe-phase.js';
import { webReason, type WebReason } from './web-reasons.js';
import type { TableInput } from '../../round/inputs.js';
import type { TableCommands } from '../../ports/table-commands.js';
import { COMMAND_PATHS } from './route-paths.js';
import { betBody, burnBody, cancelBetBody, cardOnBoxBody, dealerBody, decisionBody, emptyBody, enterCardBody, followBody, offerBody, reasonBody, stubBody } from './command-bodies.js';

/** A command that does not become an input: refused with this status and reason (and recorded). */
export interface NotAnInput {
  readonly status: number;
  readonly reason: WebReason;
}

export interface CommandSpec<B = unknown> {
  readonly name: string;
  readonly path: string;
  readonly roles: readonly Role[];
  /** What it does, for refusals ("role dealer may not <what>"). */
  readonly what: string;
  readonly body: z.ZodType<B>;
  toInput(body: B, sender: Principal, table: TableCommands): TableInput | NotAnInput;
}

const GAME_SERVER: readonly Role[] = ['game-server'];
const DEALER_OR_SUPERVISOR: readonly Role[] = ['dealer', 'supervisor'];
const SUPERVISOR: readonly Role[] = ['supervisor'];

function spec<B>(s: CommandSpec<B>): CommandSpec {
  return s as unknown as CommandSpec;
}

/** Copies the optional fields that are set (exactOptionalPropertyTypes: no `undefined` values). */
function defined<T extends object>(fields: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}

/** "Open betting" is not an input: betting opens by itself once the shoe is burned and after every round. */
function openBettingAnswer(table: TableCommands): NotAnInput {
  const phase = phaseOf(table.table);
  const reason = table.phase === 'active.betting'
    ? webReason('bettingAlreadyOpen')
    : webReason('bettingOpensItself', phase.phase === 'round' || phase.phase === 'results' ? { phase: phase.phase, round: String(phase.round) } : { phase: phase.phase });
  return { status: 409, reason };
}

export const COMMANDS: readonly CommandSpec[] = [
  spec({
    name: 'bet', path: COMMAND_PATHS.bet, roles: GAME_SERVER, what: 'place bets', body: betBody,
    toInput: (b) => ({ type: 'bet', seat: b.seat, player: b.player, amount: b.amount, ...defined({ kind: b.kind }) }),
  }),
  spec({
    name: 'cancelBet', path: COMMAND_PATHS.cancelBet, roles: GAME_SERVER, what: 'cancel bets', body: cancelBetBody,
    toInput: (b) => ({ type: 'bet.cancel', seat: b.seat, player: b.player, ...defined({ kind: b.kind }) }),
  }),
  spec({
    name: 'closeBetting', path: COMMAND_PATHS.closeBetting, roles: DEALER_OR_SUPERVISOR, what: 'close betting', body: emptyBody,
    toInput: () => ({ type: 'betting.closed' }),
  }),
  spec({
    name: 'openBetting', path: COMMAND_PATHS.openBetting, roles: DEALER_OR_SUPERVISOR, what: 'open betting', body: emptyBody,
    toInput: (_b, _s, table) => openBettingAnswer(table),
  }),
  spec({
    name: 'dealer', path: COMMAND_PATHS.dealer, roles: DEALER_OR_SUPERVISOR, what: 'name the dealer on duty', body: dealerBody,
    toInput: (b) => ({ type: 'dealer.changed', dealer: b.dealer }),
  }),
  spec({
    name: 'decision', path: COMMAND_PATHS.decision, roles: GAME_SERVER, what: 'send player decisions', body: decisionBody,
    toInput: (b) => ({ type: 'decision', seat: b.seat, action: b.action, ...defined({ hand: b.hand, amount: b.amount, player: b.player }) }),
  }),
  spec({
    name: 'offer', path: COMMAND_PATHS.offer, roles: GAME_SERVER, what: 'answer insurance or even money', body: offerBody,
    toInput: (b) => ({ type: 'decision', seat: b.seat, action: b.action, ...defined({ amount: b.amount, player: b.player }) }),
  }),
  spec({
    name: 'follow', path: COMMAND_PATHS.follow, roles: GAME_SERVER, what: 'send bet-behind follow choices', body: followBody,
    toInput: (b) => ({ type: 'decision', seat: b.seat, player: b.player, action: b.follow === 'double' ? 'followDouble' : 'followSplit' }),
  }),
  spec({
    name: 'pause', path: COMMAND_PATHS.pause, roles: DEALER_OR_SUPERVISOR, what: 'pause the table', body: reasonBody,
    toInput: (b, s) => ({ type: 'supervisor', action: 'pause', by: s.name, ...defined({ reason: b.reason }) }),
  }),
  spec({
    name: 'resume', path: COMMAND_PATHS.resume, roles: SUPERVISOR, what: 'resume the table', body: emptyBody,
    toInput: (_b, s) => ({ type: 'supervisor', action: 'resume', by: s.name }),
  }),
  spec({
    name: 'void', path: COMMAND_PATHS.void, roles: SUPERVISOR, what: 'void a round', body: reasonBody,
    toInput: (b, s) => ({ type: 'supervisor', action: 'void', by: s.name, ...defined({ reason: b.reason }) }),
  }),
  spec({
    name: 'useCard', path: COMMAND_PATHS.useCard, roles: SUPERVISOR, what: 'use an out-of-turn card', body: emptyBody,
    toInput: (_b, s) => ({ type: 'supervisor', action: 'useCard', by: s.name }),
  }),
  spec({
    name: 'shoeChange', path: COMMAND_PATHS.shoeChange, roles: SUPERVISOR, what: 'change the shoe', body: reasonBody,
    toInput: (b, s) => ({ type: 'supervisor', action: 'shoeChange', by: s.name, ...defined({ reason: b.reason }) }),
  }),
  // The procedures (docs/procedures.md).
  spec({
    name: 'enterCard', path: COMMAND_PATHS.enterCard, roles: SUPERVISOR, what: 'enter an unread card', body: enterCardBody,
    toInput: (b, s) => ({ type: 'supervisor', action: 'enterCard', by: s.name, card: b.card.toUpperCase() }),
  }),
  spec({
    name: 'correctCard', path: COMMAND_PATHS.correctCard, roles: SUPERVISOR, what: 'correct a misread card', body: cardOnBoxBody,
    toInput: (b, s) => ({ type: 'supervisor', action: 'correctCard', by: s.name, card: b.card.toUpperCase(), ...defined({ seat: b.seat, hand: b.hand }) }),
  }),
  spec({
    name: 'moveCard', path: COMMAND_PATHS.moveCard, roles: SUPERVISOR, what: 'record a misplaced card moved', body: cardOnBoxBody,
    toInput: (b, s) => ({ type: 'supervisor', action: 'moveCard', by: s.name, card: b.card.toUpperCase(), ...defined({ seat: b.seat, hand: b.hand }) }),
  }),
  spec({
    name: 'burnCard', path: COMMAND_PATHS.burnCard, roles: SUPERVISOR, what: 'burn a card', body: burnBody,
    toInput: (b, s) => ({ type: 'supervisor', action: 'burnCard', by: s.name, cause: b.cause }),
  }),
  spec({
    name: 'loadDiscards', path: COMMAND_PATHS.loadDiscards, roles: SUPERVISOR, what: 'load the reshuffled discards', body: emptyBody,
    toInput: (_b, s) => ({ type: 'supervisor', action: 'loadDiscards', by: s.name }),
  }),
  spec({
    name: 'countStub', path: COMMAND_PATHS.countStub, roles: SUPERVISOR, what: 'enter a removed shoe\'s stub count', body: stubBody,
    toInput: (b, s) => ({ type: 'supervisor', action: 'countStub', by: s.name, stub: b.stub, ...defined({ shoe: b.shoe }) }),
  }),
];

export function commandNamed(name: unknown): CommandSpec | undefined {
  return COMMANDS.find((c) => c.name === name);
}

export function isNotAnInput(value: TableInput | NotAnInput): value is NotAnInput {
  return 'status' in value;
}
