// Human words for what the views carry as identifiers: the table's phase, faults, decisions and bet
// kinds. Anything new gets readable words from its identifier ("dealerTurn" → "Dealer turn").

/** "active.dealerTurn" → "Dealer turn", "cutCardMissing" → "Cut card missing". */
export function humanize(id) {
  const last = String(id).split('.').pop() ?? '';
  const words = last.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]+/g, ' ').toLowerCase().trim()
    .replace(/\b(crc|ack|nak|id)\b/g, (word) => word.toUpperCase());
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const PHASES = {
  'active.awaitingShoe': 'Waiting for a new shoe',
  'active.burning': 'Burning cards',
  'active.betting': 'Betting open',
  'active.dealing': 'Dealing',
  'active.offers': 'Insurance offered',
  'active.playing': 'Players deciding',
  'active.dealerTurn': 'Dealer’s turn',
  'active.roundOver': 'Round over',
  paused: 'Paused',
};

export function phaseWords(phase) {
  return PHASES[phase] ?? humanize(phase);
}

/** A fault's name; what to do about it comes with the fault from the server (src/app/displays/fault-advice.ts). */
const FAULTS = {
  outOfTurn: 'Card out of turn',
  foreignCard: 'Foreign card',
  linkDown: 'Shoe link down',
  misread: 'Card misread',
  jam: 'Shoe jammed',
  dirtySensor: 'Dirty sensor',
  cardReversed: 'Card reversed',
  cutCardMissing: 'Cut card missing',
  sequenceIncident: 'Shoe link out of step',
};

export function faultName(kind) {
  return FAULTS[kind] ?? humanize(kind);
}

const ACTIONS = {
  hit: 'Hit', stand: 'Stand', double: 'Double', split: 'Split', surrender: 'Surrender', switch: 'Switch cards',
  insurance: 'Insurance', noInsurance: 'No insurance', evenMoney: 'Even money',
  followDouble: 'Follow the double', followSplit: 'Follow the split',
};

export function actionLabel(action) {
  return ACTIONS[action] ?? humanize(action);
}

const BET_KINDS = { main: 'Main bet', behind: 'Bet behind', pairs: 'Pairs', superMatch: 'Super Match', insurance: 'Insurance' };

export function betKindLabel(kind) {
  return BET_KINDS[kind] ?? humanize(kind);
}
