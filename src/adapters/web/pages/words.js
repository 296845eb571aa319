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

/** A fault's name and what the floor does about it. */
const FAULTS = {
  outOfTurn: ['Card out of turn', 'Keep the card apart; the supervisor uses it or sets it aside'],
  foreignCard: ['Foreign card', 'Keep the card apart; the supervisor resumes (the card is set aside) or voids the round'],
  linkDown: ['Shoe link down', 'Check the shoe’s cable and power; the table resumes when the link is back'],
  misread: ['Card misread', 'Re-seat the card in the shoe; the supervisor resumes'],
  jam: ['Shoe jammed', 'Clear the jam; the table resumes when the shoe reports it clear'],
  dirtySensor: ['Dirty sensor', 'Clean the shoe’s reader window'],
  cardReversed: ['Card reversed', 'Turn the card face down in the shoe'],
  cutCardMissing: ['Cut card missing', 'Finish this round, then change the shoe'],
};

export function faultName(kind) {
  return FAULTS[kind]?.[0] ?? humanize(kind);
}

export function faultAdvice(kind) {
  return FAULTS[kind]?.[1] ?? null;
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
