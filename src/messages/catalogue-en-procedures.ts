// The dealer-error procedures' words in English (docs/procedures.md): the supervisor's panel, the actions as
// the log and recall name them, and why a card was burned. ICU MessageFormat, by key.
import type { Catalogue } from './catalogue.js';

export const PROCEDURES_EN: Catalogue = {
  'action.enterCard': 'Enter card',
  'action.correctCard': 'Correct card',
  'action.moveCard': 'Move card',
  'action.burnCard': 'Burn card',
  'action.loadDiscards': 'Load discards',
  'burnCause.exposed': 'card exposed',
  'burnCause.floor': 'card on the floor',
  'burnCause.faceUp': 'card face up in the shoe',
  'burnCause.dealerStood': 'dealer drew on a standing hand',
  'burnCause.dealerChange': 'new dealer on duty',
  'sup.procedures': 'Procedures',
  'sup.procCard': 'Card (e.g. QH)',
  'sup.procSeat': 'Seat (empty: the dealer)',
  'sup.procHand': 'Hand',
  'sup.procCause': 'Why burned',
  'sup.enterCard': 'Enter unread card',
  'sup.correctCard': 'Correct misread card',
  'sup.moveCard': 'Card moved to its box',
  'sup.burnCard': 'Burn card',
  'sup.loadDiscards': 'Load reshuffled discards',
};
