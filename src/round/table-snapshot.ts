// Snapshots of the table state written by earlier versions, brought to today's shape on restore.
import type { TableState } from './table-state.js';

export function upgradeTableSnapshot(table: TableState): TableState {
  return table;
}
