// The public table: what players and the stream see. The server sends no hole card, burn card or fault
// card to this page, so none can reach its DOM.
import { translateDocument } from './i18n.js';
import { showPublicTable } from './public-table.js';

translateDocument('page.public');
showPublicTable();
