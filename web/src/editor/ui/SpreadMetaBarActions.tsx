/**
 * Slot for each spread's meta-bar actions; the meta bar passes the spread id. Filled by the album-structure
 * feature (add before/after, move, duplicate, delete with the model's blockers as tooltips).
 */
export { SpreadMetaBarActions } from '../../features/spread-actions/SpreadMetaBarActions.tsx';
